import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportClientError } from '../../lib/report-client-error.ts';
import { ErrorPage } from './error-page.tsx';

interface AppErrorBoundaryProps {
  children: ReactNode;
  /** A new value clears the error (the route changed: the next page may well work). */
  resetKey?: unknown;
  /** Outside the layout the error page brings its own main landmark. */
  standalone?: boolean;
}

interface AppErrorBoundaryState {
  error: unknown;
  resetKey: unknown;
}

const NO_ERROR = Symbol('no error');

/** Catches render errors below it: reports them and shows the friendly error page instead of a blank screen. */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { error: NO_ERROR, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<AppErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: AppErrorBoundaryProps,
    state: AppErrorBoundaryState,
  ): Partial<AppErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: NO_ERROR, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const message = error instanceof Error ? error.message : String(error);
    const withStack =
      error instanceof Error
        ? error
        : Object.assign(new Error(message), { stack: info.componentStack ?? undefined });
    reportClientError(`Render error: ${message}`, withStack);
  }

  override render() {
    if (this.state.error === NO_ERROR) return this.props.children;
    return <ErrorPage standalone={this.props.standalone} />;
  }
}
