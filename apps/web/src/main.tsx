import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app.tsx';
import './styles/global.css';

const root = document.getElementById('root')!;
const tree = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// Prerendered public pages arrive with their HTML: hydrate them; the SPA shell is rendered from scratch.
if (root.firstElementChild) hydrateRoot(root, tree);
else createRoot(root).render(tree);
