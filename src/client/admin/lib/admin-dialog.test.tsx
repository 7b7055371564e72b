// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminDialog, DialogActions } from './admin-dialog.tsx';

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

  it('gives it to the fallback when the button that opened it is gone (its row deleted)', async () => {
    function Rows() {
      const [rows, setRows] = useState(['SPRING', 'FIVE']);
      const [open, setOpen] = useState<string | null>(null);
      const fallback = useRef<HTMLButtonElement>(null);
      return (
        <>
          <button type="button" ref={fallback}>
            New Code
          </button>
          {rows.map((r) => (
            <button key={r} type="button" onClick={() => setOpen(r)}>
              Delete {r}
            </button>
          ))}
          {open ? (
            <AdminDialog title={`Delete ${open}?`} description="It goes." onClose={() => setOpen(null)} fallbackFocus={fallback}>
              <DialogActions
                submitLabel="Delete"
                busyLabel="Deleting..."
                busy={false}
                danger
                onAct={() => {
                  setRows((all) => all.filter((r) => r !== open));
                  setOpen(null);
                }}
              />
            </AdminDialog>
          ) : null}
        </>
      );
    }
    render(<Rows />);
    const spring = screen.getByRole('button', { name: 'Delete SPRING' });
    spring.focus();
    fireEvent.click(spring);
    await waitFor(() => expect(document.activeElement).not.toBe(spring));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New Code' })));

    // "Cancel" keeps the row: the keyboard goes back to its button.
    const five = screen.getByRole('button', { name: 'Delete FIVE' });
    five.focus();
    fireEvent.click(five);
    await waitFor(() => expect(document.activeElement).not.toBe(five));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(five));
  });
});
