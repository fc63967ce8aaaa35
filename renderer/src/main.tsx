import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import './app.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { readableColors, theme } from './theme.js';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Light and dark follow the system unless the user picks one (header, Settings or the command palette). */}
    <MantineProvider theme={theme} cssVariablesResolver={readableColors} defaultColorScheme="auto">
      <Notifications position="bottom-right" limit={4} />
      <App />
    </MantineProvider>
  </StrictMode>,
);
