package io.github.providergateway.app.audit;

import io.github.providergateway.app.home.RegularFileRead;
import io.github.providergateway.app.home.SystemSettings;
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
    return of(SystemSettings.read());
  }

  /**
   * {@return this machine's id given its system settings {@code settings}: the same id the trail
   * and the records sent off the machine carry} never throws
   */
  public static String of(SystemSettings settings) {
    return of(settings, MACHINE_ID_FILES, HOST_NAME_FILES);
  }

  /**
   * The id the trail gives a machine with {@code settings}, its machine id in the first of {@code
   * machineIdFiles} there is, and its host name in the first of {@code hostNameFiles}.
   *
   * @return the organisation's id, {@code mid-} and 16 hex digits of the machine id's hash, the
   *     host name, or {@value #UNKNOWN}
   */
  static String of(SystemSettings settings, List<Path> machineIdFiles, List<Path> hostNameFiles) {
    if (settings.hostId() != null) {
      return settings.hostId();
    }
    String machineId = firstLine(machineIdFiles);
    if (machineId != null) {
      // An id of this application's, not the machine id itself (machine-id(5) asks for this).
      byte[] keyed = ("provider-gateway:" + machineId).getBytes(StandardCharsets.UTF_8);
      return "mid-" + AuditChain.sha256(keyed).substring(0, 16);
    }
    String hostName = firstLine(hostNameFiles);
    return hostName != null ? hostName : UNKNOWN;
  }

  /** The first of {@code files} that holds one non-blank line, that line; or null. */
  private static String firstLine(List<Path> files) {
    for (Path file : files) {
      try {
        if (Files.isRegularFile(file)) {
          String text = new String(RegularFileRead.read(file, 256), StandardCharsets.UTF_8).strip();
          if (!text.isEmpty() && text.indexOf('\n') < 0) {
            return text;
          }
        }
      } catch (IOException unreadable) {
        // the next file
      }
    }
    return null;
  }
}
