import { Component, type ErrorInfo, type ReactNode } from "react";

interface Props {
  /** What the widget is, for the message: "The transactions", "The topics". */
  subject: string;
  children: ReactNode;
}

/**
 * Catches a rendering error inside a widget, so a bad record never leaves an empty placeholder:
 * the visitor sees what happened and how to recover, and the error goes to the console.
 */
export class WidgetErrorBoundary extends Component<Props, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`${this.props.subject} could not be shown`, error, info.componentStack);
  }

  override render() {
    if (!this.state.hasFailed) return this.props.children;
    return (
      <div role="alert">
        <p>{this.props.subject} could not be shown.</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    );
  }
}
