package io.github.providergateway.app.home;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The id of this machine in the audit trail ({@code "host"}, issue 66), so that a report over many
 * laptops' trails tells them apart: the organisation's ({@code "hostId"} of {@link
 * SystemSettings}), else one derived from the machine's id ({@code /etc/machine-id}, as systemd
 * keeps it), hashed because that id is meant to stay on the machine (machine-id(5)), else the host
 * name.
 */
public final class HostId {

  /** Where Linux keeps the machine's id: systemd's file, then D-Bus's older one. */
  static final List<Path> MACHINE_ID_FILES =
      List.of(Path.of("/etc/machine-id"), Path.of("/var/lib/dbus/machine-id"));

  /**
   * Where the host name is read without asking a resolver ({@code InetAddress.getLocalHost} may
   * wait seconds on a machine whose name does not resolve).
   */
  static final List<Path> HOST_NAME_FILES =
      List.of(Path.of("/proc/sys/kernel/hostname"), Path.of("/etc/hostname"));

  /** The id of a machine with neither a machine id nor a host name the gateway can read. */
  static final String UNKNOWN = "unknown-host";

  private HostId() {}

  /** {@return this machine's id for the trail, read now} never throws */
  public static String thisMachine() {
    return of(SystemSettings.read(), MACHINE_ID_FILES, HOST_NAME_FILES);
  }

  /**
   * The id the trail gives a machine with {@code settings} and its machine id in the first of
   * {@code machineIdFiles} there is.
   *
   * @return the organisation's id, {@code mid-} and 16 hex digits of the machine id's hash, or the
   *     host name (then {@code unknown} if even that is not known)
   */
  static String of(SystemSettings settings, List<Path> machineIdFiles) {
    if (settings.hostId() != null) {
      return settings.hostId();
    }
    for (Path file : machineIdFiles) {
      try {
        String id = new String(RegularFileRead.read(file, 256), StandardCharsets.UTF_8).strip();
        if (!id.isEmpty() && Files.isRegularFile(file)) {
          // An application id, not the machine id itself (machine-id(5) asks for this).
          return "mid-"
              + AuditChain.sha256(("provider-gateway:" + id).getBytes(StandardCharsets.UTF_8))
                  .substring(0, 16);
        }
      } catch (IOException absent) {
        // the next file, then the host name
      }
    }
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException unknown) {
      return "unknown";
    }
  }
}
