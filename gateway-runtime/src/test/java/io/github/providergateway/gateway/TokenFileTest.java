package io.github.providergateway.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.Sessions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The gateway token file (design brief, decisions 3 and 15). */
class TokenFileTest {

  @TempDir Path home;

  @Test
  void theTokenIsWrittenAloneOnOneLineReadableByTheOwnerOnly() throws Exception {
    try (GatewayFixture f = GatewayFixture.withHome(home)) {
      Path file = home.resolve(".provider-token");
      assertThat(f.gateway.credentials().publishTokenFile()).contains(file.toAbsolutePath());

      assertThat(f.gateway.credentials().tokenFile()).contains(file.toAbsolutePath());
      assertThat(Files.readString(file)).isEqualTo(f.gateway.credentials().providerToken() + "\n");
      assertThat(Files.getPosixFilePermissions(file))
          .containsExactlyInAnyOrder(
              PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
    }
  }

  @Test
  void theTokenReadFromTheFileAuthenticates() throws Exception {
    try (GatewayFixture f = GatewayFixture.withHome(home)) {
      f.gateway.credentials().publishTokenFile();
      String token = Files.readString(home.resolve(".provider-token")).strip();
      RecordingProviderConnection conn = f.connect();

      conn.send(Auth.withToken(token));

      conn.next(Sessions.class);
    }
  }

  @Test
  void theTokenFileIsDeletedWhenTheGatewayStops() {
    GatewayFixture f = GatewayFixture.withHome(home);
    f.gateway.credentials().publishTokenFile();
    assertThat(home.resolve(".provider-token")).exists();
    f.close();

    assertThat(home.resolve(".provider-token")).doesNotExist();
  }

  @Test
  void aStaleTokenFileFromACrashedRunIsReplaced() throws Exception {
    Files.writeString(home.resolve(".provider-token"), "ptk-stale\n");
    Files.setPosixFilePermissions(
        home.resolve(".provider-token"), PosixFilePermissions.fromString("rw-r--r--"));

    try (GatewayFixture f = GatewayFixture.withHome(home)) {
      f.gateway.credentials().publishTokenFile();
      Path file = home.resolve(".provider-token");
      assertThat(Files.readString(file)).isEqualTo(f.gateway.credentials().providerToken() + "\n");
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
          .isEqualTo("rw-------");
    }
  }

  @Test
  void aNewHomeDirectoryIsCreatedOwnerOnly() throws Exception {
    Path fresh = home.resolve("fresh");
    try (GatewayFixture f = GatewayFixture.withHome(fresh)) {
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(fresh)))
          .isEqualTo("rwx------");
    }
  }

  @Test
  void aStoppingGatewayLeavesANewerGatewaysTokenFileAlone() throws Exception {
    GatewayFixture old = GatewayFixture.withHome(home);
    old.gateway.credentials().publishTokenFile();
    try (GatewayFixture newer =
        GatewayFixture.with(
            t -> t.withRandom(new java.util.SplittableRandom(5)), b -> b.home(home))) {
      newer.gateway.credentials().publishTokenFile();
      old.close();

      assertThat(Files.readString(home.resolve(".provider-token")))
          .isEqualTo(newer.gateway.credentials().providerToken() + "\n");
    }
    assertThat(home.resolve(".provider-token")).doesNotExist();
  }

  /**
   * An embedder builds a gateway on the home a running gateway uses, then fails to listen (the port
   * is the running one's): building must not have replaced the running gateway's token file, nor
   * closing have deleted it.
   */
  @Test
  void buildingAndClosingWithoutPublishingLeavesTheRunningGatewaysTokenFileAlone()
      throws Exception {
    Files.writeString(home.resolve(".provider-token"), "ptk-of-the-running-gateway\n");

    GatewayFixture embedded = GatewayFixture.withHome(home);
    assertThat(Files.readString(home.resolve(".provider-token")))
        .isEqualTo("ptk-of-the-running-gateway\n");
    embedded.close();

    assertThat(Files.readString(home.resolve(".provider-token")))
        .isEqualTo("ptk-of-the-running-gateway\n");
  }

  @Test
  void nothingIsPublishedAfterTheGatewayStopped() {
    GatewayFixture f = GatewayFixture.withHome(home);
    f.close();

    assertThat(f.gateway.credentials().publishTokenFile()).isEmpty();
    assertThat(home.resolve(".provider-token")).doesNotExist();
  }

  @Test
  void withoutAHomeThereIsNoTokenFile() {
    try (GatewayFixture f = GatewayFixture.create()) {
      assertThat(f.gateway.credentials().tokenFile()).isEmpty();
      assertThat(f.gateway.credentials().publishTokenFile()).isEmpty();
    }
  }
}
