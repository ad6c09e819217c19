package io.github.providergateway.host.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.loop.base.UnsafeFileException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link HomeSettings}, {@code <home>/settings.json}: the home's port and configuration, read back
 * as written, owner-only, and refused when another user could have written them (issue 43,
 * X-HOME-01); {@link GatewayHome#port} finds the home's gateway by them.
 */
class HomeSettingsTest {

  @TempDir Path home;

  @Test
  void aHomeWithoutSettingsHasNone() throws IOException {
    assertThat(HomeSettings.read(home)).isEqualTo(HomeSettings.NONE);
    assertThat(HomeSettings.NONE.portOrDefault()).isEqualTo(9400);
  }

  @Test
  void whatIsWrittenIsReadBackOwnerOnly() throws IOException {
    HomeSettings settings =
        HomeSettings.NONE.withPort(9477).withConfig(home.resolve("p.json"), true);

    settings.write(home);

    assertThat(HomeSettings.read(home)).isEqualTo(settings);
    assertThat(Files.getPosixFilePermissions(home.resolve(HomeSettings.FILE)))
        .isEqualTo(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE));
    assertThat(Files.readString(home.resolve(HomeSettings.FILE)))
        .contains("\"port\" : 9477")
        .contains("\"watch\" : true");
    HomeSettings.NONE.withPort(9478).write(home);
    assertThat(HomeSettings.read(home)).isEqualTo(new HomeSettings(9478, null, false));
  }

  @Test
  void settingsThatDoNotReadAreRefusedNamingTheFile() throws IOException {
    for (String text :
        new String[] {
          "not json",
          "[1]",
          "{\"port\":\"x\"}",
          "{\"port\":70000}",
          "{\"port\":1.5}",
          "{\"config\":\"relative/path\"}",
          "{\"config\":1}",
          "{\"watch\":true}"
        }) {
      write(text);
      assertThatThrownBy(() -> HomeSettings.read(home))
          .as(text)
          .isInstanceOf(IOException.class)
          .hasMessageContaining(home.resolve(HomeSettings.FILE).toString());
    }
  }

  @Test
  void settingsAnotherUserCouldHaveWrittenAreRefused() throws IOException {
    write("{\"port\":9477}");
    Files.setPosixFilePermissions(
        home.resolve(HomeSettings.FILE), PosixFilePermissions.fromString("rw-rw-rw-"));

    assertThatThrownBy(() -> HomeSettings.read(home)).isInstanceOf(UnsafeFileException.class);
  }

  @Test
  void theGatewaysPortIsItsPortFileElseTheHomesElseTheDefault() throws IOException {
    assertThat(GatewayHome.port(home, 9400)).isEqualTo(9400);
    HomeSettings.NONE.withPort(9477).write(home);
    assertThat(GatewayHome.port(home, 9400)).isEqualTo(9477);
    Files.writeString(home.resolve(GatewayHome.PORT_FILE), "9611\n");
    assertThat(GatewayHome.port(home, 9400)).isEqualTo(9611);
  }

  @Test
  void badFieldsAreRefusedWhenMade() {
    assertThatThrownBy(() -> new HomeSettings(0, null, false))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HomeSettings(null, Path.of("rel"), false))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HomeSettings(null, null, true))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private void write(String text) throws IOException {
    Path file = Files.writeString(home.resolve(HomeSettings.FILE), text);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
  }
}
