package rules

// no-inclusive-gateway: inclusive (OR) gateways make readers work out
// which combinations of paths run; bpmnlint warns about them.
func init() {
	register("no-inclusive-gateway", discouraged("inclusiveGateway", "Inclusive gateways are discouraged; readers must work out which paths run together"))
}
