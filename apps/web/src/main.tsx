import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app.tsx';
import { preloadPublicPage, preloadSignedInScreen } from './app/router.tsx';
import './styles/global.css';

const root = document.getElementById('root')!;
const tree = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// A signed-in URL opened directly: its chunks and the member's request start now, side by side.
preloadSignedInScreen(window.location.pathname);

// Prerendered public pages arrive with their HTML: hydrate them once the page's chunk is here (it
// is preloaded by the HTML), so that nothing suspends; the SPA shell is rendered from scratch.
// Both in a transition, so React yields to the browser between components (no long task).
if (root.firstElementChild)
  void preloadPublicPage(window.location.pathname).then(() =>
    startTransition(() => void hydrateRoot(root, tree)),
  );
else {
  const appRoot = createRoot(root);
  startTransition(() => appRoot.render(tree));
}
