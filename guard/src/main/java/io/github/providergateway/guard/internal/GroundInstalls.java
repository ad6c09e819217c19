package io.github.providergateway.guard.internal;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The gateway's installs that the agents' hooks and MCP servers run, as their settings on the disk
 * name them (issue 75). The hooks name the launcher by its absolute path ({@code /opt/pg/gateway
 * hook claude}), wherever the person installed or cloned it: that launcher, and a clone's whole
 * folder (its launcher builds and runs the jar from the sources beside it), are the guard's ground
 * as its home is, whichever gateway reads the call. Overwriting the launcher ({@code printf 'exit
 * 0' > /opt/pg/gateway}), checking out an older version in its clone or rebuilding it makes every
 * later hook answer as the agent wants. A clone the session's project is (or is in) is the person's
 * work on the gateway itself: there only the launcher is held.
 */
final class GroundInstalls {
  private GroundInstalls() {}

  /**
   * The files, from the home, whose hooks or MCP servers name the gateway's launcher: the agents'
   * rows' setupFiles (agents.json).
   */
  private static final List<String> SETTINGS = AgentGround.SETUP_FILES;

  /** The most characters of a settings file read. */
  private static final int MAX_CHARS = 256 * 1024;

  /** The most characters of a launcher read, to tell a clone's from an installed one. */
  private static final int MAX_LAUNCHER_CHARS = 16 * 1024;

  /** An absolute path to the gateway's launcher or jar, as a settings file writes it. */
  private static final Pattern LAUNCHER =
      Pattern.compile(
          "(/[^\\s\"'\\\\,;|&]*/(?:gateway|provider-gateway|provider-gateway[^\\s\"'\\\\/]*\\.jar))"
              + "(?=[\\s\"'\\\\,;|&]|$)");

  /**
   * What the gateway's launchers named on the disk hold.
   *
   * @param launchers the launchers and jars, absolute
   * @param folders the clones' folders, each held whole
   */
  record Installs(List<Path> launchers, List<Path> folders) {
    static final Installs NONE = new Installs(List.of(), List.of());

    /** {@return whether {@code path} is a launcher, or in a clone's folder} */
    boolean holds(Path path) {
      if (launchers.contains(path)) {
        return true;
      }
      for (Path folder : folders) {
        if (path.startsWith(folder)) {
          return true;
        }
      }
      return false;
    }
  }

  /**
   * The installs the agents' settings in the home name, read from the disk.
   *
   * @param places the call's places
   * @return the installs; none with no disk
   */
  static Installs read(Places places) {
    if (places.disk().none()) {
      return Installs.NONE;
    }
    Set<Path> launchers = new LinkedHashSet<>();
    List<Path> files = new ArrayList<>();
    for (String name : SETTINGS) {
      files.add(places.home().resolve(name));
    }
    files.add(places.gatewayHome().resolve("setup.json")); // the ledger: what setup wrote
    for (Path file : files) {
      Optional<String> text = places.disk().text(file, MAX_CHARS);
      if (text.isEmpty() || !text.get().contains("gateway")) {
        continue;
      }
      Matcher m = LAUNCHER.matcher(text.get());
      while (m.find() && launchers.size() < 16) {
        try {
          launchers.add(Path.of(m.group(1)).normalize());
        } catch (InvalidPathException e) {
          // not a path after all: nothing to hold
        }
      }
    }
    List<Path> folders = new ArrayList<>();
    Path project = places.project();
    for (Path launcher : launchers) {
      Path folder = launcher.getParent();
      if (folder == null
          || folder.getParent() == null
          || project != null && project.startsWith(folder)
          || places.home().startsWith(folder)
          || places.isTempFolder(folder)
          || !launcher.getFileName().toString().equals("gateway")) {
        continue;
      }
      // A clone's launcher builds the jar of the reference app beside it; an installed one runs
      // the jar under ~/.local/share/provider-gateway, which is held already.
      Optional<String> script = places.disk().text(launcher, MAX_LAUNCHER_CHARS);
      if (script.isPresent() && script.get().contains("reference-app")) {
        folders.add(folder);
      }
    }
    return new Installs(List.copyOf(launchers), List.copyOf(folders));
  }
}
