package io.github.providergateway.app;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line of a child JVM running a main class on the test class path. */
final class TestJvm {
  private TestJvm() {}

  /**
   * {@code java <flags> -cp <test class path> main args...}, with flags for a fast start (C1 only,
   * serial GC, small stacks): tests start many of these and none of them is measured. The list is
   * mutable, for callers that add more.
   */
  static List<String> command(Class<?> main, List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss512k"));
    command.add("-cp");
    command.add(
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")));
    command.add(main.getName());
    command.addAll(args);
    return command;
  }
}
