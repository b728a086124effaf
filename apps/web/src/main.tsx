import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
// Mantine's core styles only: the notifications' and the charts' come with the code that shows
// them, so the first page's stylesheet is not larger than it must be.
import '@mantine/core/styles.css';
import './app/layout/app.css';
import { Bootstrap } from './app/bootstrap';
import { createRoutes } from './app/routes';
import { warmRoute } from './app/warm-route';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

warmRoute(createRoutes(), window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <Bootstrap
      fetch={(...args) => window.fetch(...args)}
      createRouter={(routes) => createBrowserRouter(routes)}
    />
  </StrictMode>,
);
