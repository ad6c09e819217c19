package io.github.providergateway.guard.internal;

import java.util.Map;

/**
 * What the {@code infra.*} rules of the book ask in code: what a Terraform call does to its stack
 * ({@link TerraformPlans}, plans saved and applied in the same command among it), what a kubectl
 * delete names and whether it names production ({@link KubectlDeletes}), and what a container is
 * given or removes ({@link DockerCommands}). The programs, subcommands and options are the
 * clauses'.
 */
final class InfraPredicates {
  private InfraPredicates() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    Where.byValue(
        named,
        Map.of(
            "terraform-destroys", TerraformPlans.Effect.DESTROY,
            "terraform-replaces-data", TerraformPlans.Effect.REPLACE),
        (scan, step, read) -> TerraformPlans.effect(scan, step));
    named.put(
        "replicas-zero",
        (scan, step, read) -> "0".equals(KubectlDeletes.options(step).value("replicas")));
    // production-target is the shared notion's (ProductionPredicates, decision 92).
    Where.byValue(
        named,
        Map.of(
            "names-namespaces", KubectlDeletes.Kind.NAMESPACES,
            "names-volumes", KubectlDeletes.Kind.VOLUMES,
            "names-other-resources", KubectlDeletes.Kind.OTHER),
        (scan, step, read) -> KubectlDeletes.deleted(scan, step, read.argv()));
    named.put(
        "compose-down-with-volumes",
        (scan, step, read) ->
            DockerCommands.composeDown(read.args(), 0)
                && DockerCommands.composeVolumes(scan, step.args()));
    named.put(
        "removes-every-container",
        (scan, step, read) -> DockerCommands.removes(scan, step, false, true));
    named.put(
        "removes-every-container-and-volumes",
        (scan, step, read) -> DockerCommands.removes(scan, step, true, true));
    named.put(
        "removes-container-volumes",
        (scan, step, read) -> DockerCommands.removes(scan, step, true, false));
    named.put("mounts-root", (scan, step, read) -> DockerCommands.mountsRoot(step));
    named.put("shares-host-pid", (scan, step, read) -> "host".equals(read.argv().value("pid")));
    named.put("mounts-home", (scan, step, read) -> DockerCommands.mountsHome(scan, step));
  }
}
