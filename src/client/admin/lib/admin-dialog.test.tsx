// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminDialog } from './admin-dialog.tsx';

afterEach(cleanup);

/** A card's button that opens a dialog, as the order card's Refund opens its dialog. */
function Opener({ label }: { label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {label}
      </button>
      {open ? (
        <AdminDialog title="Refund" description="Give back part of the order." onClose={() => setOpen(false)}>
          <button type="button" onClick={() => setOpen(false)}>
            Done
          </button>
        </AdminDialog>
      ) : null}
    </>
  );
}

describe('a dashboard dialog', () => {
  it('gives the keyboard back to the button that opened it, however it closes', async () => {
    render(
      <>
        <Opener label="Refund #1" />
        <Opener label="Refund #2" />
      </>,
    );
    const second = screen.getByRole('button', { name: 'Refund #2' });
    for (const close of [
      () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' }),
      () => fireEvent.click(screen.getByRole('button', { name: 'Close' })),
      () => fireEvent.click(screen.getByRole('button', { name: 'Done' })),
    ]) {
      second.focus();
      fireEvent.click(second);
      await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy());
      await waitFor(() => expect(document.activeElement).not.toBe(second)); // the dialog took the focus
      close();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(second));
    }
  });
});
