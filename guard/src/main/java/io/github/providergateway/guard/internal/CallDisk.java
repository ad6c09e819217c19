package io.github.providergateway.guard.internal;

import java.util.Set;

/**
 * What one call's reading asks of the disk beside its paths ({@link RealPaths}), each asked once a
 * call and only when a rule needs it (issue 75): the ports the gateway may listen on, the running
 * gateway's pid ({@link GatewayPid}), and how many patch files the call's patches have had read
 * ({@link Patches}), within their bound.
 */
final class CallDisk {
  private final Places places;

  /** The gateway's ports, asked of the disk when first needed; null until then. */
  private Set<Integer> gatewayPorts;

  /** The running gateway's pid, asked of the disk when first needed ("" for none); null until. */
  private String gatewayPid;

  /** The patch files read for the call so far. */
  private int patchesRead;

  CallDisk(Places places) {
    this.places = places;
  }

  /** {@return the ports the gateway may listen on, asked of the disk once} */
  Set<Integer> gatewayPorts() {
    if (gatewayPorts == null) {
      gatewayPorts = Set.copyOf(places.disk().gatewayPorts());
    }
    return gatewayPorts;
  }

  /** {@return the running gateway's pid as its home's gateway.pid holds it, asked once; or null} */
  String gatewayPid() {
    if (gatewayPid == null) {
      String pid = GatewayPid.readPid(places);
      gatewayPid = pid == null ? "" : pid;
    }
    return gatewayPid.isEmpty() ? null : gatewayPid;
  }

  /**
   * Counts a patch file read for the call.
   *
   * @return true, within the bound
   * @throws Unreadable past {@link ScriptsRun#MAX_FILES} files
   */
  boolean readPatch() {
    if (++patchesRead > ScriptsRun.MAX_FILES) {
      throw new Unreadable(
          "the command applies more than "
              + ScriptsRun.MAX_FILES
              + " patch files, more than the guard reads");
    }
    return true;
  }
}
