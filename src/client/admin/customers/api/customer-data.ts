/**
 * GET /api/admin/customers/data: everything the store holds about an address, as a JSON file the
 * browser saves itself (a link, like the CSV export).
 */
export const customerDataUrl = (email: string) => `/api/admin/customers/data?email=${encodeURIComponent(email.trim())}`;
