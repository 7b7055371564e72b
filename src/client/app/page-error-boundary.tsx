import { Component, type ReactNode } from 'react';
import { PageMessage } from '../storefront/pages/not-found-page.tsx';

interface Props {
  /** the current path: navigating elsewhere clears the error */
  resetKey: string;
  children: ReactNode;
}

/**
 * A page that fails to render (or whose code fails to load, e.g. after a new release replaced its
 * chunk) shows a way out instead of an empty screen; header, footer and cart keep working.
 */
export class PageErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('The page failed to render', error);
  }

  override componentDidUpdate(prev: Props) {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <PageMessage
        title="Something went wrong"
        text="This page could not be shown. Reloading usually fixes it."
        action="Reload page"
        onAction={() => window.location.reload()}
      />
    );
  }
}
