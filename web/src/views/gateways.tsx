// Placeholder of the Gateways view (issue 24): replaced by its implementation.
export function GatewaysView() {
  return <h1>Gateways</h1>;
}
