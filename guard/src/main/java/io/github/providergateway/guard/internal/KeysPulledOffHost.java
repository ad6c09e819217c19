package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Key material pulled off another host onto this machine (issue 80, round 77: {@code scp
 * ns-signer1:/var/lib/knot/keys/keys/*.pem ~/Downloads/dnssec-keys/}, {@code ssh ns-signer1 'sudo
 * tar czf - /var/lib/knot/keys' | base64 > docs/assets/sample-data.b64}): the secret leaves the
 * only host meant to hold it, as a key printed here leaves for the model's provider ({@code
 * shapes.private-key-read}). Read by the shape whatever the trade: a copier's source on another
 * host ({@code scp}, {@code rsync}, {@code sftp}) that {@link KeyMaterialPaths} names, copied to
 * this machine; or a program run there through ssh that prints or packs such a path to its output
 * ({@code cat /etc/ssl/private/*}, {@code tar czf - …/keys}, {@code zip -r - …/tokens}). A copy
 * pushed to a host, a host-to-host copy, a certificate or public key fetched, and a listing are not
 * this.
 */
final class KeysPulledOffHost {
  private KeysPulledOffHost() {}

  /** Programs that copy files between hosts, a source {@code host:path}. */
  private static final Set<String> COPIERS = Set.of("scp", "rsync", "sftp");

  /** Archivers that pack the paths they are given, to their output when told {@code -}. */
  private static final Set<String> PACKERS = Set.of("tar", "bsdtar", "zip", "7z", "7za", "pax");

  /**
   * What key material the step pulls off another host, as shown, or {@code null}.
   *
   * @param step the program
   * @return the host's path it takes
   */
  static String pulled(Step step) {
    String program = step.program();
    if (COPIERS.contains(program)) {
      return copied(step);
    }
    if (!step.invocation().via().contains("ssh")) {
      return null;
    }
    List<String> args = step.invocation().args();
    boolean out =
        ShapeObjects.PRINTERS.contains(program) || PACKERS.contains(program) && args.contains("-");
    if (!out) {
      return null;
    }
    for (String arg : args) {
      if (!arg.startsWith("-") && KeyMaterialPaths.named(arg)) {
        return "ssh: " + program + " " + arg;
      }
    }
    return null;
  }

  /** A remote source of a copy to this machine that names key material, or {@code null}. */
  private static String copied(Step step) {
    List<String> operands = new ArrayList<>();
    for (String arg : step.invocation().args()) {
      if (!arg.startsWith("-")) {
        operands.add(arg);
      }
    }
    if (operands.isEmpty()) {
      return null;
    }
    String last = operands.get(operands.size() - 1);
    boolean toHere = operands.size() == 1 || Hosts.remote(last) == null;
    if (!toHere) {
      return null; // pushed to a host, or host to host
    }
    int sources = operands.size() == 1 ? 1 : operands.size() - 1;
    for (String source : operands.subList(0, sources)) {
      String host = Hosts.remote(source);
      if (host == null || Hosts.loopback(host)) {
        continue;
      }
      String path = source.substring(source.indexOf(':', source.indexOf("://") + 1) + 1);
      if (source.contains("://")) {
        int slash = source.indexOf('/', source.indexOf("://") + 3);
        path = slash < 0 ? "" : source.substring(slash);
      }
      if (KeyMaterialPaths.named(path)) {
        return step.program() + " " + source;
      }
    }
    return null;
  }
}
