package io.github.providergateway.host.client;

import io.github.providergateway.protocol.GatewayAddress;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The files a running gateway keeps in its home, and where to knock for it. A gateway started for a
 * home (the reference app's {@code gateway --detached}, or what a {@link GatewayStarter} starts)
 * writes {@link #TOKEN_FILE}, {@link #PORT_FILE} and {@link #PID_FILE} there and holds {@link
 * #LOCK_FILE} while it runs; {@link GatewayClient#connect(Path, int, GatewayClientOptions)} and
 * {@link GatewayClient#connectOrStart} read them. The home's own settings are {@link HomeSettings}.
 */
public final class GatewayHome {

  private GatewayHome() {}

  /** The file a detached gateway writes its port to, in its home. */
  public static final String PORT_FILE = "gateway.port";

  /** The file a detached gateway writes its process id to, in its home. */
  public static final String PID_FILE = "gateway.pid";

  /** The gateway token file, in its home. */
  public static final String TOKEN_FILE = GatewayAddress.TOKEN_FILE_NAME;

  /**
   * The port where the gateway of {@code home} should be: what its {@link #PORT_FILE} says (every
   * running gateway writes one), else the home's own port ({@link HomeSettings}), else {@code
   * defaultPort}. Only where to knock: what answers there must still prove it is the gateway
   * ({@code host.challenge}).
   *
   * @param home the gateway's home
   * @param defaultPort the port when neither the port file nor the home's settings say
   * @return the port
   * @throws IOException when the port file is there but does not hold a number, or the home's
   *     settings cannot be read
   */
  public static int port(Path home, int defaultPort) throws IOException {
    Path portFile = home.resolve(PORT_FILE);
    try {
      return Integer.parseInt(Files.readString(portFile, StandardCharsets.UTF_8).strip());
    } catch (NoSuchFileException e) {
      Integer own = HomeSettings.read(home).port();
      return own != null ? own : defaultPort; // no gateway running wrote one
    } catch (NumberFormatException e) {
      throw new IOException("unreadable " + portFile, e);
    }
  }

  /**
   * The file a running gateway holds an exclusive lock on, in its home, so that a home has one
   * gateway at a time. A client looks at it only to tell a lost start race from a failed start.
   */
  public static final String LOCK_FILE = "gateway.lock";
}
