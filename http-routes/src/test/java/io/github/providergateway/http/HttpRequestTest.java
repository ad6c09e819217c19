package io.github.providergateway.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The value types routes read and answer with, apart from any server that carries them. */
class HttpRequestTest {

  private final HttpRequest request =
      new HttpRequest(
          "GET",
          "/status",
          "code=a%20b&flag&x=1",
          Map.of("cookie", "pg-status=abc; other=1", "host", "127.0.0.1:9400"),
          null);

  @Test
  void headersAreFoundInAnyCase() {
    assertThat(request.header("Host")).contains("127.0.0.1:9400");
    assertThat(request.header("origin")).isEmpty();
  }

  @Test
  void queryParametersArePercentDecodedAndABareNameIsEmptyText() {
    assertThat(request.queryParameter("code")).contains("a b");
    assertThat(request.queryParameter("flag")).contains("");
    assertThat(request.queryParameter("missing")).isEmpty();
  }

  @Test
  void cookiesAreReadFromTheCookieHeader() {
    assertThat(request.cookie("pg-status")).contains("abc");
    assertThat(request.cookie("none")).isEmpty();
    assertThat(request.body()).isEmpty();
  }

  @Test
  void aRefusalIsAClientOrServerErrorWithATypedBody() {
    assertThat(HttpRefusal.text(401, "no").contentType()).isEqualTo("text/plain; charset=utf-8");
    assertThatThrownBy(() -> HttpRefusal.text(200, "fine"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HttpRefusal(400, null, Map.of(), new byte[] {1}))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
