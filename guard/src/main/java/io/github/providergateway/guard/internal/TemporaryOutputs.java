package io.github.providergateway.guard.internal;

/**
 * Where a tool writes what it makes, in the temporary folder (decision 216): {@code --out
 * /tmp/e2e-prod} names a folder of this machine, not production, whatever its name says. Only an
 * option named for the output ({@link ProjectToolActs#OUTPUTS}): a file read from {@code /tmp}
 * ({@code --kubeconfig /tmp/prod.yaml}) may still point at production.
 */
final class TemporaryOutputs {
  private TemporaryOutputs() {}

  /**
   * Whether {@code value}, given to {@code option}, is an output in the temporary folder.
   *
   * @param option the option, as written ({@code --out}), or {@code ""} for none
   * @param value its value
   * @return whether the tool only writes there
   */
  static boolean only(String option, String value) {
    return ProjectToolActs.OUTPUTS.contains(option)
        && (value.startsWith("/tmp/") || value.startsWith("/var/tmp/"))
        && !value.contains("..")
        && value.indexOf(':') < 0;
  }
}
