package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the console's banner tells a person: where it listens, its token file, the session it
 * started by itself.
 */
public record ConsoleBanner(URI url, Path tokenFile, String defaultSession) {

  private static final Pattern URL = Pattern.compile("listening on\\s+(ws://\\S+)");
  private static final Pattern TOKEN_FILE = Pattern.compile("token file\\s+(\\S+)");
  private static final Pattern SESSION =
      Pattern.compile("Session (\\S+) \\(\"console\"\\) started");

  /** The banner in what the console printed; fails when a part is missing. */
  public static ConsoleBanner in(String printed) {
    return new ConsoleBanner(
        URI.create(find(URL, printed)), Path.of(find(TOKEN_FILE, printed)), find(SESSION, printed));
  }

  /** The token providers authenticate with. */
  public String token() throws IOException {
    return Files.readString(tokenFile).strip();
  }

  private static String find(Pattern pattern, String text) {
    Matcher matcher = pattern.matcher(text);
    assertThat(matcher.find()).as("%s in:\n%s", pattern, text).isTrue();
    return matcher.group(1);
  }
}
