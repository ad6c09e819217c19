package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Access.Kind;
import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A folder of the ground mounted under another name (issue 75): what a bind mount or a container's
 * volume holds is reached under a path the guard has never seen ({@code mount --bind <home> /mnt &&
 * cat /mnt/.provider-token}, {@code bwrap --bind <home> /opt/x cat /opt/x/.provider-token}, {@code
 * docker run -v ~/.claude:/c alpine sh -c 'echo {} > /c/settings.json'}). So the mount is judged as
 * what it opens: the gateway's home, or a folder that holds it, mounted anywhere is a read of its
 * tokens ({@code guard.gateway-token}); an agent's settings, or the home that holds them, mounted
 * writable is a write of them ({@code guard.self}). A folder mounted at its own path ({@code bwrap
 * --bind / /}) names nothing anew; the project mounted in a container ({@code -v $PWD:/w}) is the
 * project's.
 */
final class MountedGround {
  private static final BuiltinRule GATEWAY_TOKEN = RuleBook.rule("guard.gateway-token");
  private static final BuiltinRule SELF = RuleBook.rule("guard.self");

  private MountedGround() {}

  /** One mount: where from, where to, and whether read-only. */
  private record Mount(Word source, String destination, boolean readOnly) {}

  /**
   * Scans each program for a mount of the ground.
   *
   * @param scan the call's scan
   */
  static void scan(Scan scan) {
    for (Step step : scan.steps()) {
      List<Mount> mounts =
          switch (step.program()) {
            case "mount" -> bindMounts(step.args());
            case "bwrap" -> bubblewrap(step.args());
            case "docker", "podman", "nerdctl" -> volumes(step.args());
            case "systemd-nspawn", "proot", "firejail" -> joined(step.args());
            default -> List.of();
          };
      boolean container =
          step.program().equals("docker")
              || step.program().equals("podman")
              || step.program().equals("nerdctl");
      for (Mount mount : mounts) {
        if (judge(scan, step, mount, container)) {
          return;
        }
      }
    }
  }

  /**
   * One mount judged. A container given the home or a folder above it is asked already ({@code
   * infra.docker-mounts-home}, {@code infra.docker-privileged}): the person may mean it; a folder
   * of the gateway's, or an agent's settings, is the ground whatever runs it.
   */
  private static boolean judge(Scan scan, Step step, Mount mount, boolean container) {
    Places places = scan.places();
    for (Target target : scan.targets(step, mount.source())) {
      Path path = target.path();
      if (path == null || path.toString().equals(mount.destination())) {
        continue;
      }
      Target real = scan.realPaths().of(target);
      Path at = real == null ? path : real.path();
      Path home = places.gatewayHome();
      boolean aboveHome = places.home().startsWith(at);
      if (container && aboveHome) {
        continue;
      }
      if (home.startsWith(at) || at.startsWith(home) && !at.startsWith(home.resolve("logs"))) {
        scan.hit(GATEWAY_TOKEN, new Access(Kind.READ, target, step.invocation()));
        return true;
      }
      if (!mount.readOnly() && (GuardPaths.protectsGuard(places, at) || aboveHome)) {
        scan.hit(SELF, new Access(Kind.WRITE, target, step.invocation()));
        return true;
      }
    }
    return false;
  }

  /** {@code mount --bind|--rbind|-B|-R|-o bind SRC DST}. */
  private static List<Mount> bindMounts(List<Word> args) {
    boolean bind = false;
    boolean readOnly = false;
    List<Word> positionals = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      if (t.equals("--bind") || t.equals("--rbind") || t.equals("-B") || t.equals("-R")) {
        bind = true;
      } else if ((t.equals("-o") || t.equals("--options")) && i + 1 < args.size()) {
        String options = args.get(++i).text();
        bind |= options.matches("(?:.*,)?r?bind(?:,.*)?");
        readOnly |= options.matches("(?:.*,)?ro(?:,.*)?");
      } else if (t.equals("-r") || t.equals("--read-only")) {
        readOnly = true;
      } else if (t.equals("-t") || t.equals("--types")) {
        i++;
      } else if (!t.startsWith("-")) {
        positionals.add(args.get(i));
      }
    }
    return bind && positionals.size() >= 2
        ? List.of(new Mount(positionals.get(0), positionals.get(1).text(), readOnly))
        : List.of();
  }

  /** bwrap's {@code --bind SRC DEST} and its kin, {@code --ro-bind} read-only. */
  private static List<Mount> bubblewrap(List<Word> args) {
    List<Mount> out = new ArrayList<>();
    for (int i = 0; i + 2 < args.size(); i++) {
      String t = args.get(i).text();
      if (t.matches("--(?:ro-|dev-)?bind(?:-try)?")) {
        out.add(new Mount(args.get(i + 1), args.get(i + 2).text(), t.startsWith("--ro-")));
        i += 2;
      }
    }
    return out;
  }

  /** A container's {@code -v SRC:DST[:ro]}, {@code --volume=…}, {@code --mount type=bind,…}. */
  private static List<Mount> volumes(List<Word> args) {
    List<Mount> out = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      String value = null;
      boolean mountSyntax = false;
      if ((t.equals("-v") || t.equals("--volume")) && i + 1 < args.size()) {
        value = args.get(++i).text();
      } else if (t.startsWith("--volume=")) {
        value = t.substring(9);
      } else if (t.startsWith("-v") && t.length() > 2 && !t.startsWith("--")) {
        value = t.substring(2);
      } else if (t.equals("--mount") && i + 1 < args.size()) {
        value = args.get(++i).text();
        mountSyntax = true;
      } else if (t.startsWith("--mount=")) {
        value = t.substring(8);
        mountSyntax = true;
      }
      Mount mount = value == null ? null : mountSyntax ? mountOption(value) : volume(value);
      if (mount != null) {
        out.add(mount);
      }
    }
    return out;
  }

  private static Mount volume(String value) {
    String[] parts = value.split(":");
    if (parts.length < 2
        || !(parts[0].startsWith("/")
            || parts[0].startsWith("~")
            || parts[0].startsWith("$")
            || parts[0].startsWith("."))) {
      return null; // a named volume, not a folder of the machine
    }
    boolean readOnly = parts.length > 2 && parts[2].matches("(?:.*,)?ro(?:,.*)?");
    return new Mount(new Word(parts[0], !parts[0].contains("$")), parts[1], readOnly);
  }

  private static Mount mountOption(String value) {
    String source = null;
    String destination = "";
    boolean readOnly = false;
    boolean bind = false;
    for (String field : value.split(",")) {
      String[] kv = field.split("=", 2);
      switch (kv[0]) {
        case "type" -> bind = kv.length > 1 && kv[1].equals("bind");
        case "source", "src" -> source = kv.length > 1 ? kv[1] : null;
        case "target", "destination", "dst" -> destination = kv.length > 1 ? kv[1] : "";
        case "readonly", "ro" -> readOnly = kv.length == 1 || !kv[1].equals("false");
        default -> {}
      }
    }
    return bind && source != null
        ? new Mount(new Word(source, !source.contains("$")), destination, readOnly)
        : null;
  }

  /**
   * systemd-nspawn's {@code --bind=SRC[:DST]} and {@code --bind-ro=}, proot's {@code -b SRC:DST},
   * firejail's {@code --bind=SRC,DST}.
   */
  private static List<Mount> joined(List<Word> args) {
    List<Mount> out = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      String value = null;
      boolean readOnly = t.startsWith("--bind-ro");
      if ((t.equals("-b") || t.equals("--bind") || t.equals("--bind-ro")) && i + 1 < args.size()) {
        value = args.get(++i).text();
      } else if (t.startsWith("--bind=") || t.startsWith("--bind-ro=")) {
        value = t.substring(t.indexOf('=') + 1);
      }
      if (value != null) {
        String[] parts = value.split("[:,]", 2);
        out.add(
            new Mount(
                new Word(parts[0], !parts[0].contains("$")),
                parts.length > 1 ? parts[1] : "",
                readOnly));
      }
    }
    return out;
  }
}
