package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every shell file of the repository, as {@code .ci/shellcheck --list} names them (a file whose
 * {@code #!} line starts sh or bash, or any {@code *.sh}; not the generated {@code mvnw}), parses
 * in each shell it runs under, and, where ShellCheck is installed, has no finding: so {@code mvnw
 * verify} catches what {@code .ci/run}'s ShellCheck step does. A POSIX sh file parses under dash
 * (Debian's {@code /bin/sh}), busybox sh (Alpine's) and bash --posix (macOS's), each where it is
 * installed; a bash file under bash. A few seconds in all.
 */
@Tag("process")
class ShellFilesTest {

  private static final Path ROOT = ArchitectureTest.ROOT;
  private static final Path SCRIPT = ROOT.resolve(".ci/shellcheck");

  /** Far more than a parse or ShellCheck's run over every file takes (about 3 s on a busy box). */
  private static final Duration LIMIT = Duration.ofSeconds(60);

  /** The shells a POSIX sh file is parsed by, each where it is installed. */
  private static final List<List<String>> POSIX_SHELLS =
      List.of(List.of("dash"), List.of("busybox", "sh"), List.of("bash", "--posix"));

  @TempDir Path temp;

  /** What a command printed (stdout and stderr together) and how it ended. */
  private record Run(int exitCode, String output) {}

  @Test
  void theListNamesEveryKindOfShellFileInItsDialect() throws Exception {
    Map<String, String> files = listed(ROOT);

    assertThat(files)
        .containsEntry("reference-app/src/main/sh/gateway-hook.sh", "sh")
        .containsEntry("reference-app/src/main/sh/gateway-mcp-bridge.sh", "sh")
        .containsEntry("reference-app/src/dist/bin/gateway", "sh")
        .containsEntry("reference-app/src/dist/install.sh", "sh")
        .containsEntry("reference-app/src/dist/make-dist", "bash")
        .containsEntry("gateway", "bash")
        .containsEntry(".ci/run", "bash")
        .containsEntry(".ci/check-reproducible", "bash")
        .containsEntry(".ci/shellcheck", "bash")
        .containsEntry("examples/stdio/shout.sh", "bash")
        .doesNotContainKey("mvnw");
  }

  @Test
  void everyShellFileParsesInEachShellItRunsUnder() throws Exception {
    List<List<String>> posix =
        POSIX_SHELLS.stream().filter(shell -> installed(shell.get(0))).toList();
    assertThat(posix).as("dash, busybox or bash is installed").isNotEmpty();
    List<String> failures = new ArrayList<>();
    for (Map.Entry<String, String> file : listed(ROOT).entrySet()) {
      List<List<String>> shells = file.getValue().equals("sh") ? posix : List.of(List.of("bash"));
      for (List<String> shell : shells) {
        List<String> command = new ArrayList<>(shell);
        command.addAll(List.of("-n", file.getKey()));
        Run parse = run(ROOT, command);
        if (parse.exitCode() != 0) {
          failures.add(String.join(" ", command) + ":\n" + parse.output());
        }
      }
    }
    assertThat(failures).as("files that do not parse").isEmpty();
  }

  @Test
  void shellCheckFindsNothingInAnyShellFile() throws Exception {
    assumeShellCheck();

    Run check = run(ROOT, List.of("bash", SCRIPT.toString()));

    assertThat(check.exitCode()).as(check.output()).isZero();
    assertThat(check.output()).contains("no finding");
  }

  /** The check itself, on a tree of its own: it must see a finding, and fail on it. */
  @Test
  void aFindingFailsTheCheckAndSaysWhere() throws Exception {
    assumeShellCheck();
    Path tree = treeWithTheScript();
    // [[ ]] is bash's: a finding (SC3010) in a file that says it is POSIX sh.
    write(tree.resolve("bin/tool"), "#!/bin/sh\n[[ -n \"$1\" ]] && echo yes\n");

    Run check = run(tree, List.of("bash", ".ci/shellcheck"));

    assertThat(check.exitCode()).as(check.output()).isEqualTo(1);
    assertThat(check.output()).contains("bin/tool", "SC3010");
  }

  @Test
  void itChoosesFilesByTheirFirstLineAndLeavesBuildOutputAndTheWrapperAlone() throws Exception {
    Path tree = treeWithTheScript();
    write(tree.resolve("bin/posix"), "#!/bin/sh\ntrue\n");
    write(tree.resolve("bin/by-env"), "#!/usr/bin/env sh\ntrue\n");
    write(tree.resolve("bin/bash-tool"), "#!/usr/bin/env bash\ntrue\n");
    write(tree.resolve("lib/helper.sh"), "#!/bin/bash\ntrue\n");
    write(tree.resolve("bin/script.mjs"), "#!/usr/bin/env node\n");
    write(tree.resolve("README.md"), "# sh\n");
    write(tree.resolve("mvnw"), "#!/bin/sh\n");
    write(tree.resolve("app/target/built.sh"), "#!/bin/sh\n");
    write(tree.resolve("app/node_modules/x/run.sh"), "#!/bin/sh\n");

    assertThat(listed(tree))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                ".ci/shellcheck", "bash",
                "bin/posix", "sh",
                "bin/by-env", "sh",
                "bin/bash-tool", "bash",
                "lib/helper.sh", "bash"));
  }

  @Test
  void aShFileWithoutAFirstLineThatNamesItsShellIsRefused() throws Exception {
    Path tree = treeWithTheScript();
    write(tree.resolve("lib/sourced.sh"), "helper() { true; }\n");

    Run list = run(tree, List.of("bash", ".ci/shellcheck", "--list"));

    assertThat(list.exitCode()).isEqualTo(1);
    assertThat(list.output()).contains("lib/sourced.sh has no #! line");
  }

  /** {@code .ci/shellcheck --list} run in {@code root}: each file's path and dialect. */
  private static Map<String, String> listed(Path root) throws IOException, InterruptedException {
    Run list = run(root, List.of("bash", ".ci/shellcheck", "--list"));
    assertThat(list.exitCode()).as(list.output()).isZero();
    return list.output()
        .lines()
        .map(line -> line.split(" ", 2))
        .collect(Collectors.toMap(entry -> entry[1], entry -> entry[0]));
  }

  /** A folder of its own with a copy of the check script, as {@code .ci/shellcheck}. */
  private Path treeWithTheScript() throws IOException {
    Path tree = Files.createDirectory(temp.resolve("tree"));
    Files.createDirectories(tree.resolve(".ci"));
    Files.copy(SCRIPT, tree.resolve(".ci/shellcheck"));
    return tree;
  }

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  private static void assumeShellCheck() {
    assumeTrue(
        installed("shellcheck"),
        "shellcheck is not installed, so the shell files are not checked by it (Debian: apt-get"
            + " install shellcheck; .ci/run installs it where it can)");
  }

  /** Whether {@code program} is an executable on the PATH. */
  private static boolean installed(String program) {
    return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
        .filter(dir -> !dir.isEmpty())
        .anyMatch(dir -> Files.isExecutable(Path.of(dir, program)));
  }

  /** Runs {@code command} in {@code dir} with no input; it must end within {@link #LIMIT}. */
  private static Run run(Path dir, List<String> command) throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
            .start();
    CompletableFuture<String> output =
        CompletableFuture.supplyAsync(() -> readAll(process.getInputStream()));
    if (!process.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError(String.join(" ", command) + " did not end within " + LIMIT);
    }
    return new Run(process.exitValue(), output.join());
  }

  private static String readAll(InputStream in) {
    try (in) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
