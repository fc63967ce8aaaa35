// A fault in one pane stays in that pane: it shows what broke and a way
// back, instead of taking the whole window blank. (React's error
// boundaries must be classes.)
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorNotice } from './ErrorNotice.js';

interface Props {
  readonly area: string;
  readonly children: ReactNode;
  /** Changing this clears the error (the user moved on to something else). */
  readonly resetKey?: unknown;
  /** Where the notice goes when the area is not a plain panel (a dialog, say). */
  readonly frame?: (notice: ReactNode) => ReactNode;
}

interface State {
  readonly error?: Error;
  readonly resetKey?: unknown;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = {};

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, error: undefined };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The ${this.props.area} failed to draw:`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    const notice = (
      <ErrorNotice title={`The ${this.props.area} could not be shown`} message={this.state.error.message} onRetry={() => this.setState({ error: undefined })} retryLabel="Show it again">
        This is a fault in Skill Inspector, not in the server. The rest of the window still works.
      </ErrorNotice>
    );
    return this.props.frame ? this.props.frame(notice) : <div style={{ padding: 12 }}>{notice}</div>;
  }
}
