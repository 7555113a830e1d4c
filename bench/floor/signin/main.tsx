/** The sign-in floor (issue 31 §1): React, TanStack Router and a form, nothing of ours. */
import { StrictMode, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';

function SignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
  };
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 16, maxWidth: 420 }}>
      <h1>Entrar</h1>
      <form onSubmit={submit} data-testid="login-form">
        <label style={{ display: 'block', marginBottom: 8 }}>
          Correo electrónico
          <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} style={{ display: 'block', width: '100%', minHeight: 44 }} />
        </label>
        <label style={{ display: 'block', marginBottom: 8 }}>
          Contraseña
          <input type="password" required value={password} onChange={(e) => setPassword(e.target.value)} style={{ display: 'block', width: '100%', minHeight: 44 }} />
        </label>
        <button type="submit" style={{ minHeight: 44 }}>
          Entrar
        </button>
        {sent && <p role="status">Enviado</p>}
      </form>
    </main>
  );
}

const rootRoute = createRootRoute({ component: Outlet });
const loginRoute = createRoute({ getParentRoute: () => rootRoute, path: '/login', component: SignIn });
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: SignIn });
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute, loginRoute]) });

const container = document.getElementById('root');
if (!container) throw new Error('#root missing');
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
