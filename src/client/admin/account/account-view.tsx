import { Button } from '../../ui/button.tsx';
import { useEndSessionMutation, useOwnSessions } from './api/sessions.ts';
import { useSecondFactors } from './api/second-factors.ts';
import { AuthenticatorApp } from './authenticator-app.tsx';
import { PasskeysCard } from './passkeys-card.tsx';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "Your sessions": where this admin is signed in, each with an End button (docs/decisions/0056). */
function Sessions() {
  const sessions = useOwnSessions(true);
  const end = useEndSessionMutation();
  return (
    <section aria-labelledby="account-sessions" className="grid gap-3 rounded-xl border border-zinc-200 bg-white p-5">
      <h3 id="account-sessions" className="text-lg font-bold">
        Your sessions
      </h3>
      {sessions.isError ? <p className="text-sm text-zinc-600">The sessions could not be loaded.</p> : null}
      <ul className="grid gap-2">
        {sessions.data?.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-zinc-200 p-3">
            <span>
              <span className="font-bold">{s.device}</span>
              {s.current ? (
                <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs font-bold text-green-800">This browser</span>
              ) : null}
              <span className="block text-sm text-zinc-600">
                Signed in {when(s.createdAt)} · last active {when(s.lastSeenAt)}
              </span>
            </span>
            {s.current ? null : (
              <Button
                variant="outline"
                size="sm"
                aria-label={`End session on ${s.device}, signed in ${when(s.createdAt)}`}
                disabled={end.isPending}
                onClick={() => end.mutate(s.id)}
              >
                End
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * "Your account" (docs/decisions/0056): second factors and sessions. With `mustEnrol`, the store
 * requires a second factor and this admin has none: this is all the dashboard shows.
 */
export function AccountView({ mustEnrol }: { mustEnrol: boolean }) {
  const status = useSecondFactors();
  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-bold">Your account</h2>
      {mustEnrol ? (
        <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm">
          This store requires a second factor for every admin. Add a passkey or set up an authenticator app to open the dashboard.
        </p>
      ) : null}
      <PasskeysCard />
      {status.data ? <AuthenticatorApp status={status.data} /> : null}
      {mustEnrol ? null : <Sessions />}
    </div>
  );
}
