package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Set;

/**
 * The gateway's service stopped over D-Bus ({@code guard.self}, issue 75), as {@code systemctl
 * stop} would ({@link GatewayProcess}): {@code dbus-send}, {@code busctl}, {@code gdbus} or {@code
 * qdbus} calling systemd's {@code StopUnit}, {@code KillUnit}, {@code FreezeUnit}, {@code
 * MaskUnitFiles}, {@code DisableUnitFiles…} or {@code CleanUnit} (or a unit object's {@code Stop},
 * {@code Kill}, {@code Freeze}, {@code Clean}) with the gateway's unit ({@code
 * provider-gateway.service}, as its object path escapes it {@code provider_2dgateway_2eservice}),
 * or the user manager's {@code Exit}, which stops every service of the user's, the gateway's among
 * them. Reading a unit's properties stays allowed.
 */
final class ServiceBus {
  private static final BuiltinRule SELF = RuleBook.rule("guard.self");

  private ServiceBus() {}

  /** The D-Bus clients. */
  private static final Set<String> CLIENTS = NameSet.of("dbus-send", "busctl", "gdbus", "qdbus");

  /** systemd's methods that stop, kill, freeze, mask, disable or clean a unit. */
  private static final Set<String> STOPPING =
      NameSet.of(
          "StopUnit",
          "KillUnit",
          "FreezeUnit",
          "CleanUnit",
          "MaskUnitFiles",
          "DisableUnitFiles",
          "DisableUnitFilesWithFlags",
          "DisableUnitFilesWithFlagsAndInstallInfo",
          "Stop",
          "Kill",
          "Freeze",
          "Clean");

  /**
   * Scans each program for a D-Bus call that stops the gateway's service.
   *
   * @param scan the call's scan
   */
  static void scan(Scan scan) {
    for (Step step : scan.steps()) {
      if (CLIENTS.contains(step.program()) && stopsTheService(step)) {
        scan.hit(SELF, step, null);
      }
    }
  }

  private static boolean stopsTheService(Step step) {
    boolean stops = false;
    boolean named = false;
    boolean exits = false;
    for (Word word : step.args()) {
      String t = word.text();
      String method = t.substring(t.lastIndexOf('.') + 1);
      stops |= STOPPING.contains(method) || STOPPING.contains(t);
      exits |= t.equals("org.freedesktop.systemd1.Manager.Exit") || t.equals("Exit");
      named |=
          GatewayProcess.namesTheService(t)
              || t.contains("provider_2dgateway")
              || t.contains("providergateway");
    }
    return stops && named || exits && mentionsSystemd(step);
  }

  private static boolean mentionsSystemd(Step step) {
    for (Word word : step.args()) {
      if (word.text().contains("systemd1")) {
        return true;
      }
    }
    return false;
  }
}
