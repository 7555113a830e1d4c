/**
 * What the albarán's public page (/albaran/:token) and any stored photo need: the public link's
 * calls and a stored image as an object URL. Apart from ./proof so that the public page loads
 * neither the local queries nor the entities' schemas (issue 15's 120 KB budget for public pages).
 */
import { useEffect, useState } from 'react';
import type { ProofLink, PublicProof } from '../domain/proof';

export type { PublicProof } from '../domain/proof';
import { sessionBackend } from './session';

export type StoredImage = { readonly state: 'loading' } | { readonly state: 'ready'; readonly url: string } | { readonly state: 'missing' };

/** A stored image (photo) of the file store as an object URL, revoked when no longer shown. */
export function useStoredImage(path: string): StoredImage {
  const [image, setImage] = useState<StoredImage>({ state: 'loading' });
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    setImage({ state: 'loading' });
    sessionBackend()
      .files.fetch(path)
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setImage({ state: 'ready', url });
      })
      .catch(() => {
        if (live) setImage({ state: 'missing' });
      });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  return image;
}

/** Makes the client's public link to an order's proof (operators and admins). */
export function createProofLink(orderId: string): Promise<ProofLink> {
  return sessionBackend().proof.createLink(orderId);
}

/** Revokes every live public link of an order (operators and admins): how many were revoked. */
export async function revokeProofLinks(orderId: string): Promise<number> {
  return (await sessionBackend().proof.revokeLinks(orderId)).revoked;
}

/** The proof a public link opens (no account needed). */
export function loadPublicProof(token: string): Promise<PublicProof> {
  return sessionBackend().proof.publicProof(token);
}
