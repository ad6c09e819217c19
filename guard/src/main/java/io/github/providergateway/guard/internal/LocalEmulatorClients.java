package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Set;

/**
 * A cloud tool's client made for a local emulator (decision 336, issue 80's ordinary work): {@code
 * awslocal}, {@code tflocal}, {@code cdklocal}, {@code samlocal}, LocalStack's wrappers, are their
 * cloud's command line with every endpoint set to this machine's emulator ({@code
 * http://localhost:4566}). {@code awslocal s3 rm s3://x --recursive} empties a bucket of the
 * emulator, exactly as {@code aws --endpoint-url http://localhost:4566 s3 rm …} does, which the
 * guard already lets through; the wrapper's name says the endpoint instead of an option. Unless a
 * variable set for the call sends the wrapper elsewhere ({@code LOCALSTACK_HOST=s3.acme-prod…},
 * {@code AWS_ENDPOINT_URL=https://…amazonaws.com}), the shared-place readings ({@code
 * verbs.destroy-shared}, {@code shapes.unnamed-tool-acts}, {@code shapes.company-tool-command})
 * leave it alone.
 */
final class LocalEmulatorClients {
  private LocalEmulatorClients() {}

  /** The wrappers that point a cloud's command line at a local emulator, by their program names. */
  private static final Set<String> CLIENTS =
      NameSet.of(
          "awslocal", "tflocal", "cdklocal", "samlocal", "azlocal", "pulumilocal", "chalice-local");

  /** The variables the wrappers read for the emulator's address. */
  private static final Set<String> ADDRESS_VARIABLES =
      NameSet.of(
          "LOCALSTACK_HOST",
          "LOCALSTACK_HOSTNAME",
          "LOCALSTACK_ENDPOINT",
          "AWS_ENDPOINT_URL",
          "EDGE_HOST",
          "S3_HOSTNAME",
          "AZURE_ENDPOINT");

  /**
   * Whether {@code step} is a local emulator's client whose address nothing set for the call moves
   * off this machine.
   */
  static boolean onThisMachine(Scan scan, Step step) {
    if (!CLIENTS.contains(step.program())) {
      return false;
    }
    for (String token : CallEnvironment.assignmentsFor(scan, step)) {
      int eq = token.indexOf('=');
      if (eq > 0 && ADDRESS_VARIABLES.contains(token.substring(0, eq)) && !local(token, eq)) {
        return false; // LOCALSTACK_HOST=s3.acme-prod.internal: the emulator's name, another host
      }
    }
    return true;
  }

  private static boolean local(String token, int eq) {
    String value = token.substring(eq + 1).replace("\"", "").replace("'", "");
    String host = value.replaceFirst("^[a-z]+://", "").replaceFirst("[:/].*$", "");
    return Environments.localHost(host) || host.equals("localstack");
  }
}
