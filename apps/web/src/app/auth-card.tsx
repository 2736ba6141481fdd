import type { ReactNode } from 'react';

// The sign-in screens' other shared piece, with their frame: one chunk for both, not two.
export { returnTo } from './return-to';

/** The frame shared by the sign-in screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="card bg-base-100 shadow-lg">
        <div className="card-body">
          <h1 className="mb-4 text-center text-2xl font-bold">{title}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}
