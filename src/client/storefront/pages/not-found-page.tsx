import { useNavigate } from '../../app/router.tsx';
import { Button } from '../../ui/button.tsx';

interface MessageProps {
  title: string;
  text: string;
  action: string;
  onAction(): void;
}

/** A full-page message with one way forward (not found, failed page). */
export function PageMessage({ title, text, action, onAction }: MessageProps) {
  return (
    <div className="mx-auto grid max-w-xl place-items-center gap-4 px-4 py-24 text-center">
      <h1 className="font-display text-4xl uppercase">{title}</h1>
      <p className="text-lg text-muted">{text}</p>
      <Button size="lg" onClick={onAction}>
        {action}
      </Button>
    </div>
  );
}

export function NotFoundMessage(props: Omit<MessageProps, 'onAction'>) {
  const navigate = useNavigate();
  return <PageMessage {...props} onAction={() => navigate('/')} />;
}

export function NotFoundPage() {
  return <NotFoundMessage title="404 Page Not Found" text="There is nothing at this address." action="Back to Home" />;
}
