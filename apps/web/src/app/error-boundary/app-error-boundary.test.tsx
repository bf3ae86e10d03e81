import { fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppEnvironmentContext } from '../../config/app-environment.ts';
import { reportUncaughtErrors } from '../../lib/report-uncaught-errors.ts';
import { json, mockApi } from '../../test/mock-api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { testEnvironment } from '../../test/test-public-config.ts';
import { RootLayout } from '../layout/root-layout.tsx';
import { AppErrorBoundary } from './app-error-boundary.tsx';

const REPORT = 'POST /api/client-errors';

function Boom(): never {
  throw new Error('kaboom');
}

/** The bodies the app sent to POST /api/client-errors. */
function reportsSent(api: ReturnType<typeof mockApi>) {
  return api.spy.mock.calls
    .filter(([url]) => String(url) === '/api/client-errors')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AppErrorBoundary', () => {
  it('shows the friendly error page instead of a crashed page and reports the error', () => {
    const api = mockApi({ [REPORT]: () => json({ accepted: true }, 202) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // As in the app, the environment is given above the outermost boundary (app.tsx, entry-server.tsx).
    render(
      <AppEnvironmentContext.Provider value={testEnvironment}>
        <AppErrorBoundary standalone>
          <Boom />
        </AppErrorBoundary>
      </AppEnvironmentContext.Provider>,
    );
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(within(main).getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(within(main).getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    const [report] = reportsSent(api);
    expect(report).toMatchObject({ message: 'Render error: kaboom', url: window.location.href });
    expect(report.stack).toMatch(/kaboom/);
  });

  it('keeps the navigation around a crashed page and recovers when the user goes elsewhere', () => {
    mockApi({ [REPORT]: () => json({ accepted: true }, 202) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(
      <Routes>
        <Route element={<RootLayout />}>
          <Route path="/" element={<p>Home works</p>} />
          <Route path="/broken" element={<Boom />} />
        </Route>
      </Routes>,
      { route: '/broken' },
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    fireEvent.click(screen.getByRole('link', { name: 'Ember home' }));
    expect(screen.getByText('Home works')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});

describe('reportUncaughtErrors', () => {
  it('reports unhandled promise rejections and uncaught errors to POST /api/client-errors', () => {
    const api = mockApi({ [REPORT]: () => json({ accepted: true }, 202) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const stop = reportUncaughtErrors(window);
    try {
      const rejection = Object.assign(new Event('unhandledrejection'), { reason: new Error('lost promise') });
      window.dispatchEvent(rejection);
      window.dispatchEvent(
        new ErrorEvent('error', { message: 'boom in a handler', error: new Error('boom in a handler') }),
      );
    } finally {
      stop();
    }
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'after stop' }));
    expect(reportsSent(api).map((report) => report.message)).toEqual([
      'Unhandled rejection: lost promise',
      'Uncaught error: boom in a handler',
    ]);
  });
});
