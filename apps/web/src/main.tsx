import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import './app/layout/app.css';
import { Bootstrap } from './app/bootstrap';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <Bootstrap
      fetch={(...args) => window.fetch(...args)}
      createRouter={(routes) => createBrowserRouter(routes)}
    />
  </StrictMode>,
);
