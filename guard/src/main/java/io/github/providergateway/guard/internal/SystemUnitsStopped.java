package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A system unit no public package names, stopped, disabled or masked ({@code
 * machine.own-unit-stopped}: {@code sudo systemctl disable --now nriis-national-feed.timer}, {@code
 * service claims-export stop}): a company's own feed, export, sync or agent that the machine runs
 * for others, whose stopping nobody sees until its absence is missed. A developer's own services
 * are public ones (docker, postgresql, nginx, redis-server) or the person's {@code --user} units,
 * and stay free to stop.
 */
final class SystemUnitsStopped {
  private SystemUnitsStopped() {}

  /** A unit's type, after its name. */
  private static final Pattern TYPE =
      Pattern.compile("\\.(service|timer|socket|path|target|mount|automount|slice|scope)$");

  /** systemctl's options that take a value, whose value is no unit. */
  private static final Set<String> VALUED =
      NameSet.of(
          "-H",
          "--host",
          "-M",
          "--machine",
          "-t",
          "--type",
          "-s",
          "--signal",
          "--root",
          "--kill-whom",
          "--job-mode",
          "-o",
          "--output",
          "-p",
          "--property",
          "--what",
          "--when");

  /** systemctl's options that leave the system's units alone: the person's own, or only a view. */
  private static final Set<String> NOT_SYSTEM =
      NameSet.of("--user", "--global", "--dry-run", "-h", "--help", "--root", "--runtime");

  /**
   * Units of public packages whose name is no program's: the list of public programs ({@link
   * PublicPrograms}) names the others (nginx, docker, containerd, apache2, redis-server).
   */
  private static final Set<String> PUBLIC_UNITS =
      NameSet.of(
          "postgresql",
          "bluetooth",
          "cups",
          "cups-browsed",
          "snapd",
          "mongod",
          "elasticsearch",
          "opensearch",
          "kibana",
          "grafana-server",
          "influxdb",
          "jenkins",
          "gitlab-runner",
          "ollama",
          "k3s",
          "k3s-agent",
          "rke2-server",
          "rke2-agent",
          "tailscaled",
          "mssql-server",
          "clickhouse-server",
          "minio",
          "code-server",
          "cassandra",
          "neo4j",
          "kafka",
          "zookeeper",
          "php-fpm",
          "docker",
          "podman",
          "lxd",
          "libvirtd",
          "virtqemud",
          "colord",
          "fwupd",
          "packagekit",
          "thermald",
          "power-profiles-daemon",
          "tlp",
          "wpa_supplicant",
          "ModemManager",
          "avahi-daemon",
          "apache2",
          "httpd",
          "nfs-server",
          "smbd",
          "nmbd");

  /** Adds the predicate under its name. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("stops-own-system-unit", (scan, step, read) -> stopsOwnUnit(step));
  }

  /**
   * Whether {@code systemctl stop|disable|mask|kill …} or {@code service NAME stop} names a system
   * unit no public package names.
   *
   * @param step the systemctl or service program
   * @return whether it does
   */
  static boolean stopsOwnUnit(Step step) {
    if (remote(step)) {
      return false; // ssh host 'systemctl stop x': the remote shell's and fleet runners' rules
    }
    List<Word> args = step.args();
    if (step.program().equals("service")) {
      return args.size() >= 2
          && args.get(1).text().equals("stop")
          && !publicUnit(args.get(0).text());
    }
    boolean verb = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (!args.get(i).literal()) {
        continue; // "$u": a computed unit, read by the rules that read the loop or the variable
      }
      if (NOT_SYSTEM.contains(text)) {
        return false;
      }
      if (text.startsWith("-")) {
        i += VALUED.contains(text) ? 1 : 0;
      } else if (!verb) {
        verb = true; // stop, disable, mask, kill: the clause's subcommand
      } else if (!publicUnit(text)) {
        return true;
      }
    }
    return false;
  }

  /** The programs that carry a command to other machines, as the step's way there names them. */
  private static final Set<String> CARRIERS =
      NameSet.of("ssh", "ansible", "salt", "pdsh", "clush", "pssh", "parallel-ssh", "fab", "mosh");

  /** Whether the step runs on another machine: by ssh, a fleet runner. */
  private static boolean remote(Step step) {
    for (String via : step.invocation().via()) {
      int space = via.indexOf(' ');
      if (CARRIERS.contains(space < 0 ? via : via.substring(0, space))) {
        return true;
      }
    }
    return false;
  }

  /** Whether a unit's name is a public package's: its program's name, or a known unit. */
  static boolean publicUnit(String unit) {
    String name = TYPE.matcher(unit).replaceFirst("");
    int at = name.indexOf('@');
    name = at > 0 ? name.substring(0, at) : name;
    if (name.isEmpty() || name.startsWith("systemd-") || name.startsWith("snap.")) {
      return !name.isEmpty();
    }
    String lower = name.toLowerCase(Locale.ROOT);
    if (PUBLIC_UNITS.contains(name)
        || PUBLIC_UNITS.contains(lower)
        || lower.matches("php[0-9.]*-fpm")) {
      return true;
    }
    if (lower.matches(".*[^a-z0-9_.+-].*")) {
      return false; // a glob, a variable: no name a package ships
    }
    return PublicPrograms.known(lower)
        || PublicPrograms.known(lower + "d")
        || lower.endsWith("d")
            && lower.length() > 2
            && PublicPrograms.known(lower.substring(0, lower.length() - 1));
  }
}
