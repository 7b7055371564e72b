import { type FormEvent, useId, useState } from 'react';
import type { SecondFactorStatus, TotpSetup } from '#shared/two-factor.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { dangerOutline } from '../lib/danger-outline.ts';
import {
  useAfterFactorChange,
  useConfirmTotpMutation,
  useRemoveTotpMutation,
  useStartTotpMutation,
} from './api/second-factors.ts';

/** The secret in groups of four, as authenticator apps show it when typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The recovery codes, shown once after the app is confirmed. */
function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-3">
      <p className="text-sm font-bold">Save these recovery codes somewhere safe.</p>
      <p className="text-sm text-zinc-600">
        Each signs you in once if you lose your phone. They are shown only now; the store keeps them scrambled and cannot show
        them again.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-1 rounded-md bg-zinc-100 p-3 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}>
          Copy Codes
        </Button>
        <Button size="sm" onClick={onDone}>
          I Have Saved Them
        </Button>
      </div>
    </div>
  );
}

/** The setup: the secret as text (and its otpauth link), then the first code. */
function Setup({ setup, onRecoveryCodes }: { setup: TotpSetup; onRecoveryCodes: (codes: string[]) => void }) {
  const id = useId();
  const confirm = useConfirmTotpMutation();
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate(code.trim(), { onSuccess: (r) => onRecoveryCodes(r.recoveryCodes) });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <p className="text-sm text-zinc-600">
        In your authenticator app, add an account and type this key (or open the link on this phone):
      </p>
      <p className="text-sm font-bold">Setup key</p>
      <p className="rounded-md bg-zinc-100 p-3 font-mono text-base break-all" data-testid="totp-secret">
        {grouped(setup.secret)}
      </p>
      <a href={setup.otpauthUrl} className="text-sm font-bold underline">
        Open in an authenticator app on this device
      </a>
      <Field
        id={`${id}-code`}
        name="code"
        label="The 6-digit code the app shows"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" size="sm" disabled={confirm.isPending} className="justify-self-start">
        {confirm.isPending ? 'Checking...' : 'Turn On'}
      </Button>
    </form>
  );
}

/** Removing the app asks for the password again. */
function Remove() {
  const id = useId();
  const remove = useRemoveTotpMutation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  if (!open) {
    return (
      <Button variant="outline" size="sm" className={`justify-self-start ${dangerOutline}`} onClick={() => setOpen(true)}>
        Remove Authenticator App
      </Button>
    );
  }
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        remove.mutate({ password }, { onSuccess: () => setOpen(false) });
      }}
    >
      <Field
        id={`${id}-password`}
        name="password"
        type="password"
        label="Your password, to remove the app"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" size="sm" disabled={remove.isPending}>
          Remove
        </Button>
        <Button variant="outline" size="sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** "Authenticator app" in Your account (RFC 6238; docs/decisions/0056). */
export function AuthenticatorApp({ status }: { status: SecondFactorStatus }) {
  const start = useStartTotpMutation();
  const after = useAfterFactorChange();
  const [codes, setCodes] = useState<string[] | null>(null);

  return (
    <section aria-labelledby="account-app" className="grid gap-3 rounded-xl border border-zinc-200 bg-white p-5">
      <h3 id="account-app" className="text-lg font-bold">
        Authenticator app
      </h3>
      {codes ? (
        <RecoveryCodesShown
          codes={codes}
          onDone={() => {
            setCodes(null);
            start.reset();
            after();
          }}
        />
      ) : status.authenticatorApp ? (
        <>
          <p className="text-sm text-zinc-600">
            On. Signing in with your password asks for a code from the app. Recovery codes left: {status.recoveryCodesLeft}.
          </p>
          <Remove />
        </>
      ) : start.data ? (
        <Setup setup={start.data} onRecoveryCodes={setCodes} />
      ) : (
        <>
          <p className="text-sm text-zinc-600">
            Off. An app such as Google Authenticator, Microsoft Authenticator or 1Password gives a new 6-digit code every 30
            seconds.
          </p>
          <Button size="sm" className="justify-self-start" disabled={start.isPending} onClick={() => start.mutate()}>
            Set Up Authenticator App
          </Button>
        </>
      )}
    </section>
  );
}
