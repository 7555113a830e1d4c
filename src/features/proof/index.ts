export { ProofPage } from './ProofPage';
export { PublicProofPage } from './PublicProofPage';
