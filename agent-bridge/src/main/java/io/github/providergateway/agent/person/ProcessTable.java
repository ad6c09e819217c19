package io.github.providergateway.agent.person;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The system's processes, as far as telling an agent's side needs them: a process's parent, its
 * executable and command line, and the variables of its starting environment that mark an agent's
 * side. Linux's {@code /proc} tells all of it for the user's own processes; elsewhere the JDK's
 * {@link ProcessHandle} tells the parent and the command line, and no environment.
 */
public interface ProcessTable {

  /**
   * What the table says of {@code pid}.
   *
   * @param pid the process
   * @return its facts, or empty when it is gone or not readable (another user's)
   */
  Optional<ProcessFacts> facts(long pid);

  /** {@return whether this table can read processes' environments (Linux's {@code /proc})} */
  boolean readsEnvironments();

  /**
   * This system's table, keeping of each environment only the variables {@code marks} names.
   *
   * @param marks the variables that mark an agent's side
   * @return {@code /proc} where there is one, else the JDK's view
   */
  static ProcessTable system(Set<String> marks) {
    return Files.isDirectory(Path.of("/proc/self")) ? new Proc(marks) : new Jdk();
  }

  /** Linux's {@code /proc}: {@code stat}, {@code exe}, {@code cmdline}, {@code environ}. */
  final class Proc implements ProcessTable {
    /** The most bytes of a command line or an environment read: more is not a process's. */
    private static final int MAX_BYTES = 1 << 20;

    private final Set<String> marks;

    Proc(Set<String> marks) {
      this.marks = Set.copyOf(marks);
    }

    @Override
    public boolean readsEnvironments() {
      return true;
    }

    @Override
    public Optional<ProcessFacts> facts(long pid) {
      Path process = Path.of("/proc", Long.toString(pid));
      try {
        String stat = Files.readString(process.resolve("stat"), StandardCharsets.UTF_8);
        // pid (comm) state ppid …: the name may hold spaces and parentheses, so after the last ')'.
        String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long parent = Long.parseLong(after[1]);
        String executable;
        try {
          executable = Files.readSymbolicLink(process.resolve("exe")).toString();
        } catch (IOException | SecurityException unreadable) {
          executable = "";
        }
        List<String> arguments = nulSeparated(process.resolve("cmdline"));
        Map<String, String> found = new HashMap<>();
        for (String variable : nulSeparated(process.resolve("environ"))) {
          int equals = variable.indexOf('=');
          if (equals > 0 && marks.contains(variable.substring(0, equals))) {
            found.put(variable.substring(0, equals), variable.substring(equals + 1));
          }
        }
        return Optional.of(new ProcessFacts(pid, parent, executable, arguments, found));
      } catch (IOException | RuntimeException goneOrNotOurs) {
        return Optional.empty();
      }
    }

    private static List<String> nulSeparated(Path file) {
      byte[] bytes;
      try (var in = Files.newInputStream(file)) {
        bytes = in.readNBytes(MAX_BYTES);
      } catch (IOException | SecurityException unreadable) {
        return List.of();
      }
      List<String> parts = new ArrayList<>();
      int start = 0;
      for (int i = 0; i < bytes.length; i++) {
        if (bytes[i] == 0) {
          parts.add(new String(bytes, start, i - start, StandardCharsets.UTF_8));
          start = i + 1;
        }
      }
      if (start < bytes.length) {
        parts.add(new String(bytes, start, bytes.length - start, StandardCharsets.UTF_8));
      }
      return parts;
    }
  }

  /** The JDK's view, where there is no {@code /proc}: parents and command lines only. */
  final class Jdk implements ProcessTable {
    /** A table that asks the JDK's {@link ProcessHandle}. */
    public Jdk() {}

    @Override
    public boolean readsEnvironments() {
      return false;
    }

    @Override
    public Optional<ProcessFacts> facts(long pid) {
      return ProcessHandle.of(pid)
          .map(
              process -> {
                ProcessHandle.Info info = process.info();
                List<String> arguments = new ArrayList<>();
                arguments.add(info.command().orElse(""));
                arguments.addAll(List.of(info.arguments().orElse(new String[0])));
                return new ProcessFacts(
                    pid,
                    process.parent().map(ProcessHandle::pid).orElse(0L),
                    info.command().orElse(""),
                    arguments,
                    Map.of());
              });
    }
  }
}
