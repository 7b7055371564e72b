import { useNavigate } from 'react-router';
import { Button } from '../../ui/button.tsx';

export function NotFoundMessage({ title, text, action }: { title: string; text: string; action: string }) {
  const navigate = useNavigate();
  return (
    <div className="mx-auto grid max-w-xl place-items-center gap-4 px-4 py-24 text-center">
      <h1 className="font-display text-4xl uppercase">{title}</h1>
      <p className="text-lg text-muted">{text}</p>
      <Button size="lg" onClick={() => navigate('/')}>
        {action}
      </Button>
    </div>
  );
}

export function NotFoundPage() {
  return <NotFoundMessage title="404 Page Not Found" text="There is nothing at this address." action="Back to Home" />;
}
