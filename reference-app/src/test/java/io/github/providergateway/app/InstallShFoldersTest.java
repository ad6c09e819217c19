package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 77: install.sh records, for {@code gateway uninstall}, the folders it made where none was
 * (a fresh account's {@code ~/.local}, {@code ~/.local/share}, {@code ~/.local/bin}, the launcher's
 * cache folder) and none that was there before, even empty. Run with {@code sh} on the real
 * install.sh in an unpacked folder whose {@code bin/gateway} only writes down how it was called
 * (the archive's own install is {@code DistArchiveTest}'s).
 */
@Tag("process")
class InstallShFoldersTest {

  @TempDir Path dir;

  private Path unpacked;
  private Path user;
  private Path calls;
  private final Map<String, String> env = new HashMap<>();

  @BeforeEach
  void anUnpackedArchiveAndAFreshAccount() throws IOException {
    unpacked = Files.createDirectories(dir.resolve("provider-gateway-9.9.9"));
    Files.copy(Path.of("src/dist/install.sh"), unpacked.resolve("install.sh"));
    Files.writeString(unpacked.resolve("release"), "VERSION=\"9.9.9\"\n");
    Path gateway = Files.createDirectories(unpacked.resolve("bin")).resolve("gateway");
    Files.writeString(gateway, "#!/bin/sh\nprintf '%s\\n' \"$*\" >>\"$GATEWAY_CALLS\"\n");
    assertThat(gateway.toFile().setExecutable(true)).isTrue();
    user = Files.createDirectories(dir.resolve("user"));
    calls = dir.resolve("calls");
    env.put("HOME", user.toString());
    env.put("PATH", "/usr/bin:/bin");
    env.put("GATEWAY_CALLS", calls.toString());
    for (String unset : List.of("XDG_DATA_HOME", "XDG_BIN_HOME", "XDG_CACHE_HOME")) {
      env.put(unset, ""); // install.sh then takes the places under HOME
    }
  }

  private String recorded() throws Exception {
    CommandRun install =
        CommandRun.run(
            dir,
            List.of("sh", unpacked.resolve("install.sh").toString()),
            env,
            Duration.ofMinutes(1));
    assertThat(install.exit()).as(install.output()).isZero();
    return Files.readAllLines(calls).stream()
        .filter(call -> call.startsWith("uninstall --record-install"))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void onAFreshAccountEveryFolderTheInstallMadeIsRecorded() throws Exception {
    String recorded = recorded();

    Path local = user.resolve(".local");
    assertThat(recorded.substring(recorded.indexOf(" --record-made ") + 15).split(" "))
        .containsExactlyInAnyOrder(
            local.resolve("share/provider-gateway").toString(),
            local.resolve("share").toString(),
            local.toString(),
            local.resolve("bin").toString(),
            local.toString(),
            user.resolve(".cache/provider-gateway").toString(),
            user.resolve(".cache").toString());
  }

  @Test
  void aFolderThatWasThereBeforeEvenEmptyIsNeverRecorded() throws Exception {
    Files.createDirectories(user.resolve(".local/bin"));
    Files.createDirectories(user.resolve(".cache"));

    String recorded = recorded();

    assertThat(recorded.substring(recorded.indexOf(" --record-made ") + 15).split(" "))
        .containsExactlyInAnyOrder(
            user.resolve(".local/share/provider-gateway").toString(),
            user.resolve(".local/share").toString(),
            user.resolve(".cache/provider-gateway").toString());
  }

  @Test
  void anUpgradeOverAnInstallationRecordsNoFolder() throws Exception {
    Files.createDirectories(user.resolve(".local/share/provider-gateway"));
    Files.createDirectories(user.resolve(".local/bin"));
    Files.createDirectories(user.resolve(".cache/provider-gateway"));

    assertThat(recorded()).doesNotContain("--record-made");
  }
}
