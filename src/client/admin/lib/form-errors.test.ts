import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { issueErrors, serverErrors } from './form-errors.ts';

const FIELDS = ['code', 'value', 'productIds'] as const;

describe("a form's errors", () => {
  it("take each field's first message from the shared schema's issues, for the form's own fields only", () => {
    expect(
      issueErrors(FIELDS, [
        { path: ['code'], message: 'Required' },
        { path: ['code'], message: 'A code is 3 to 32 letters' },
        { path: ['productIds', 0], message: 'Product ids are numbers' },
        { path: [], message: 'Unrecognized key: "extra"' },
      ]),
    ).toEqual({ code: 'Required', productIds: 'Product ids are numbers' });
  });

  it("take the server's fieldErrors by the first step of their path, and nothing from another failure", () => {
    const refused = new ApiError(400, '{}', {
      message: 'Body is not valid',
      code: 'validation',
      fieldErrors: { 'productIds.1': ['Product ids are numbers'], value: ['Required', 'Too long'], _: ['Expected an object'] },
    });
    expect(serverErrors(FIELDS, refused)).toEqual({ productIds: 'Product ids are numbers', value: 'Required' });
    expect(serverErrors(FIELDS, new ApiError(500, 'Internal Server Error'))).toEqual({});
    expect(serverErrors(FIELDS, new Error('offline'))).toEqual({});
  });
});
