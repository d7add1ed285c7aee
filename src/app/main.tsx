import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installAuth } from './session/auth-actions';
import './styles/global.css';

// Before the first request: the http client learns how to read the token and re-login.
installAuth();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
