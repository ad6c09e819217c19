package io.github.providergateway.app.dist;

import io.github.providergateway.loop.base.SafeFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The stdio bridge's temporary folders ({@code gateway-mcp-bridge.sh}): {@code
 * ${TMPDIR:-/tmp}/gateway-mcp-bridge.XXXXXX}, owner-only, one a window. The bridge removes its own
 * at every end it sees, and the next bridge removes those whose processes are gone; one a window
 * killed with its whole process group left, until then, is taken here (issue 62: two stayed, one
 * holding a bearer token, which bridges before this one wrote into {@code curl.conf}).
 *
 * <p>Only this user's folders of that name are looked at (another user's are theirs, and not
 * reported); of those, one goes when it holds nothing but what a bridge writes and no bridge uses
 * it: none of the processes its {@code pid} file records runs, or, for a folder of an older bridge
 * that recorded none, no bridge runs at all. Anything else of that name (a file, a link, a folder
 * with other files) stays, and the report says why.
 */
public final class BridgeFolders {

  /** The folders' names, before mktemp's six characters. */
  static final String PREFIX = "gateway-mcp-bridge.";

  /**
   * The bridge's own files in its folder, by name (BridgeFoldersTest reads them off the script).
   * {@code renewed}, {@code renewing}, {@code session.new} and {@code lost.N} were written by the
   * bridges before decision 78, whose folders a window killed with its group may have left.
   */
  private static final Pattern BRIDGE_FILES =
      Pattern.compile(
          "pid|curl\\.conf|curl\\.err|done|init|init\\.out|initialize\\.conf|last-event|lock"
              + "|port|port\\.new|renewed|renewing|session\\.conf|session\\.new|sid|sid\\.new"
              + "|stream\\.conf|stream\\.err|stream\\.rc|lost\\.([0-9]+|get)|body\\.[lm]?[0-9]+"
              + "|rc\\.[lm]?[0-9]+"
              // the 2026-07-28 era without initialize (decision 116): subscriptions and the watch
              + "|listen\\.(l?[0-9]+(\\.json|\\.pid)?|watch\\.pid)|answered\\.l?[0-9]+"
              + "|cancelled\\.[0-9]+|renew\\.json|watch\\.json|watch-done");

  /** The script's name, in the command line of a running bridge. */
  private static final String SCRIPT = "gateway-mcp-bridge.sh";

  /** What the survey asks of the processes running: a seam for tests. */
  public interface Processes {

    /** {@return whether process {@code pid} runs} */
    boolean alive(long pid);

    /** {@return the pid of a running bridge of this user's, if any} */
    OptionalLong aBridge();

    /** This machine's processes. */
    Processes SYSTEM =
        new Processes() {
          @Override
          public boolean alive(long pid) {
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
          }

          @Override
          public OptionalLong aBridge() {
            Optional<String> user = ProcessHandle.current().info().user();
            try (Stream<ProcessHandle> all = ProcessHandle.allProcesses()) {
              return all.filter(process -> process.info().user().equals(user))
                  .filter(process -> process.info().commandLine().orElse("").contains(SCRIPT))
                  .mapToLong(ProcessHandle::pid)
                  .findFirst();
            }
          }
        };
  }

  private BridgeFolders() {}

  /**
   * {@return the temporary folder the bridge makes its folders in, for {@code env}: {@code TMPDIR}
   * when absolute (a relative one is the bridge's working directory's, which only the agent knew),
   * else {@code /tmp}}
   */
  public static Path temporaryFolder(Map<String, String> env) {
    String tmpdir = env.get("TMPDIR");
    if (tmpdir != null && !tmpdir.isEmpty() && Path.of(tmpdir).isAbsolute()) {
      return Path.of(tmpdir);
    }
    return Path.of("/tmp");
  }

  /** {@return whether a bridge writes a file of this name in its folder} */
  static boolean writtenByBridge(String name) {
    return BRIDGE_FILES.matcher(name).matches();
  }

  /**
   * This user's {@code gateway-mcp-bridge.*} in {@code tmp}: the bridges' folders no bridge uses,
   * to remove; the rest kept, with why.
   *
   * @param tmp the temporary folder ({@link #temporaryFolder})
   * @param processes the processes running
   * @return what is there
   * @throws IOException when {@code tmp} cannot be read
   */
  public static List<Leftover> survey(Path tmp, Processes processes) throws IOException {
    List<Leftover> found = new ArrayList<>();
    if (!Files.isDirectory(tmp)) {
      return found;
    }
    try (DirectoryStream<Path> named = Files.newDirectoryStream(tmp, PREFIX + "*")) {
      for (Path entry : named) {
        if (SafeFiles.ownedByThisUser(entry)) {
          found.add(look(entry, processes));
        }
      }
    }
    found.sort((a, b) -> a.path().compareTo(b.path()));
    return found;
  }

  /** One folder of this user's by the bridge's name. */
  private static Leftover look(Path folder, Processes processes) throws IOException {
    if (Files.isSymbolicLink(folder)) {
      return Leftover.keep(folder, "a link, not a bridge's folder; not followed");
    }
    if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
      return Leftover.keep(folder, "not a folder, which a bridge makes");
    }
    List<String> foreign;
    try (Stream<Path> files = Files.list(folder)) {
      foreign =
          files
              .map(file -> file.getFileName().toString())
              .filter(name -> !writtenByBridge(name))
              .sorted()
              .toList();
    }
    if (!foreign.isEmpty()) {
      return Leftover.keep(
          folder, "it holds files no bridge writes: " + String.join(", ", foreign));
    }
    Path pids = folder.resolve("pid");
    if (Files.isRegularFile(pids, LinkOption.NOFOLLOW_LINKS)) {
      for (String line : Files.readAllLines(pids, StandardCharsets.UTF_8)) {
        if (line.matches("[0-9]{1,18}") && processes.alive(Long.parseLong(line))) {
          return Leftover.keep(folder, "its bridge (pid " + line + ") still runs");
        }
      }
      return Leftover.remove(folder);
    }
    OptionalLong bridge = processes.aBridge();
    if (bridge.isPresent()) {
      return Leftover.keep(
          folder,
          "an older bridge's, which records no pid, and a bridge runs (pid "
              + bridge.getAsLong()
              + ") that may be using it");
    }
    return Leftover.remove(folder);
  }
}
