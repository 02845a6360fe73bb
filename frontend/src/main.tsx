import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { installGlobalHandlers, reportError } from '@/lib/error-reporting/reporter';
import { startErrorTracking } from '@/lib/error-reporting/sentry';
import { applyTheme, readStoredTheme } from '@/lib/theme/themes';
import './index.css';

// Before anything renders, so an error of the first render is reported too.
installGlobalHandlers(reportError);

// Before the first paint, so a stored dark theme never flashes light.
applyTheme(readStoredTheme());

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Only when the server names a DSN, after the first render: a chunk of its own.
void startErrorTracking();
