// The reference app of `make lighthouse` (docs/benchmarks.md): the libraries the web app starts with — React,
// react-router, TanStack Query and @trpc/client — and nothing else, rendering the same sign-in form. It is built with
// the web app's Vite settings (vite.config.ts here) and served by lockerd, so the difference between the two measures
// the web app's own start-up work.
import './index.css';
import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { StrictMode, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';

// Untyped on purpose: the reference must not depend on the app's generated router types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const trpc = createTRPCClient<any>({ links: [httpBatchLink({ url: '/c-core/trpc/hybrid' })] });
const queries = new QueryClient();

function SignIn() {
  // The same first call as the app's: the server's public information.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access
  useQuery({ queryKey: ['system', 'info'], queryFn: () => trpc.system.info.query() as Promise<unknown> });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    // eslint-disable-next-line @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access
    mutationFn: () => trpc.auth.login.mutate({ email, password }) as Promise<unknown>,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate();
  };
  return (
    <main className="page">
      <form className="card" onSubmit={submit} noValidate>
        <h1>Sign in</h1>
        <label htmlFor="email">E-mail</label>
        <input id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="password">Password</label>
        <input id="password" type="password" autoComplete="current-password" value={password}
          onChange={(e) => setPassword(e.target.value)} />
        {login.isError && <p role="alert">Wrong e-mail or password.</p>}
        <button type="submit" disabled={login.isPending}>Sign in</button>
        <p>
          <a href="/register">Create an account</a> · <a href="/reset">Forgot your password?</a>
        </p>
      </form>
    </main>
  );
}

const router = createBrowserRouter([
  { path: '/login', element: <SignIn /> },
  // A visitor without a session is sent to sign in, as in the app.
  { path: '*', element: <Navigate to="/login" replace /> },
]);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queries}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
