/** Activation landing (/activations/:slug) (placeholder until the screen is built). */
export default function ActivationRoute() {
  return <main className="p-4">Activation landing (/activations/:slug)</main>;
}
