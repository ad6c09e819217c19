package io.github.providergateway.host.client;

import io.github.providergateway.loop.base.SafeFiles;
import io.github.providergateway.protocol.GatewayAddress;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Where a gateway's {@code /host} endpoint is and its token. A {@link GatewayClient} asks again on
 * every (re)connection, so a client of a home follows a gateway restarted on another port.
 */
interface GatewayDiscovery {

  URI url() throws IOException;

  String token() throws IOException;

  /**
   * {@return which gateway this finds, for a person: "the gateway at <url>", "the gateway of
   * <home>"}
   */
  String describe();

  /** One gateway, named up front ({@link GatewayClient#connect(URI, String)}). */
  static GatewayDiscovery fixed(URI hostUrl, Supplier<String> token) {
    return new GatewayDiscovery() {
      @Override
      public URI url() {
        return hostUrl;
      }

      @Override
      public String describe() {
        return "the gateway at " + hostUrl;
      }

      @Override
      public String token() throws IOException {
        String text = token.get();
        if (text == null) {
          throw new IOException("no gateway token to present");
        }
        return text;
      }
    };
  }

  /**
   * More than a token file holds ({@code ptk-} and 22 characters, a newline); the rest is not read.
   */
  int MAX_TOKEN_FILE_BYTES = 4096;

  /**
   * The gateway serving a home: {@code <home>/gateway.port} (or {@code defaultPort}) and the token
   * file, which must pass {@link SafeFiles#checkSecretFile} ({@link
   * io.github.providergateway.loop.base.UnsafeFileException} otherwise) and is read from the path
   * that check returns. The port file only says where to knock: what answers there must still prove
   * it holds the token, there.
   */
  static GatewayDiscovery home(Path home, int defaultPort) {
    return home(home, defaultPort, checked -> {});
  }

  /**
   * {@link #home(Path, int)}, running {@code afterCheck} between checking the token file and
   * opening it: tests race the read there.
   */
  static GatewayDiscovery home(Path home, int defaultPort, Consumer<Path> afterCheck) {
    return new GatewayDiscovery() {
      @Override
      public URI url() throws IOException {
        return URI.create(
            "ws://127.0.0.1:" + GatewayHome.port(home, defaultPort) + GatewayAddress.HOST_PATH);
      }

      @Override
      public String describe() {
        return "the gateway of " + home;
      }

      @Override
      public String token() throws IOException {
        Path file = home.resolve(GatewayHome.TOKEN_FILE);
        try {
          // A token file another user could have written may name their process's token: the
          // proof (host.challenge) would then come from their process. One they could read gives
          // them the token, and with it the proof. Refuse both; read exactly the file checked.
          Path checked = SafeFiles.checkSecretFile(file);
          afterCheck.accept(checked);
          try (InputStream in = Files.newInputStream(checked, LinkOption.NOFOLLOW_LINKS)) {
            return new String(in.readNBytes(MAX_TOKEN_FILE_BYTES), StandardCharsets.UTF_8).strip();
          }
        } catch (NoSuchFileException e) {
          throw new IOException("no gateway token in " + home, e);
        }
      }
    };
  }
}
