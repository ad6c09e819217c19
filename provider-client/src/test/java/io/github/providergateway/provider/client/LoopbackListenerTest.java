package io.github.providergateway.provider.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.provider.client.LoopbackListener.Owner;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Who listens where a connection to 127.0.0.1 may arrive: on the kernel's real tables for a real
 * socket of this JVM, and on written tables for what a test cannot make (another user's listener).
 */
class LoopbackListenerTest {

  private static final String HEADER =
      "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid\n";

  @TempDir Path dir;

  @Test
  void aListenerOfThisJvmIsThisUsersInTheKernelsOwnTables() throws Exception {
    long me = LoopbackListener.currentUid();
    Assumptions.assumeTrue(
        me >= 0 && Files.isReadable(LoopbackListener.PROC_NET.resolve("tcp")), "Linux's /proc");
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = socket.getLocalPort();
      assertThat(LoopbackListener.at(LoopbackListener.PROC_NET, port, me))
          .isEqualTo(Owner.THIS_USER);
      assertThat(LoopbackListener.at(LoopbackListener.PROC_NET, port, me + 1))
          .as("seen as another user would see it")
          .isEqualTo(Owner.ANOTHER_USER);
    }
  }

  @Test
  void whoListensAtThePortOfEachAddressAConnectionTo127001MayReach() throws Exception {
    // Port 9400 is 24B8 in the tables.
    assertThat(at(row("0100007F:24B8", "0A", 1000) + row("0100007F:24B9", "0A", 33), ""))
        .as("another user's listener on another port is none of its business")
        .isEqualTo(Owner.THIS_USER);
    assertThat(at(row("0100007F:24B8", "0A", 33), "")).isEqualTo(Owner.ANOTHER_USER);
    assertThat(at(row("0100007F:24B8", "0A", 1000) + row("00000000:24B8", "0A", 33), ""))
        .as("every IPv4 address")
        .isEqualTo(Owner.ANOTHER_USER);
    assertThat(at("", row("00000000000000000000000000000000:24B8", "0A", 33)))
        .as("every IPv6 address, which takes IPv4 too")
        .isEqualTo(Owner.ANOTHER_USER);
    assertThat(
            at(
                row("0100007F:24B8", "01", 33) // a connection from that port, not a listener
                    + row("0A0B0C0D:24B8", "0A", 33), // another address's
                row("00000000000000000000000001000000:24B8", "0A", 33))) // ::1 alone
        .isEqualTo(Owner.NOBODY);
  }

  @Test
  void noTablesOrNoUserIdCannotBeTold() throws Exception {
    assertThat(LoopbackListener.at(dir.resolve("none"), 9400, 1000)).isEqualTo(Owner.UNKNOWN);
    assertThat(at(row("0100007F:24B8", "0A", 33), "").equals(Owner.ANOTHER_USER)).isTrue();
    assertThat(LoopbackListener.at(dir.resolve("net"), 9400, -1)).isEqualTo(Owner.UNKNOWN);
  }

  private static String row(String local, String state, long uid) {
    return "   0: "
        + local
        + " 00000000:0000 "
        + state
        + " 00000000:00000000 00:00000000 00000000  "
        + uid
        + "        0 4711 1 0000000000000000 100 0 0 10 0\n";
  }

  /** Who listens at port 9400 for user 1000 by tables of these rows (none when empty). */
  private Owner at(String v4, String v6) throws Exception {
    Path tables = Files.createDirectories(dir.resolve("net"));
    Files.deleteIfExists(tables.resolve("tcp"));
    Files.deleteIfExists(tables.resolve("tcp6"));
    if (!v4.isEmpty()) {
      Files.writeString(tables.resolve("tcp"), HEADER + v4);
    }
    if (!v6.isEmpty()) {
      Files.writeString(tables.resolve("tcp6"), HEADER + v6);
    }
    return LoopbackListener.at(tables, 9400, 1000);
  }
}
