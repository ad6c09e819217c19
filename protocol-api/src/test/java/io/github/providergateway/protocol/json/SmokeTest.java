package io.github.providergateway.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.Hello;
import org.junit.jupiter.api.Test;

class SmokeTest {
  @Test
  void helloRoundTrips() {
    ProtocolCodec codec = ProtocolCodec.create();
    String text = """
        {"type":"hello","name":"my-provider","protocolVersion":2,"session":"abc123",
         "tools":[{"name":"greet","description":"Say hello","parameters":{"type":"object"}}]}""";
    var result = codec.decodeProviderMessage(text);
    assertThat(result.messageOrNull()).isInstanceOf(Hello.class);
    assertThat(codec.parseJson(codec.encode(result.messageOrNull()))).isEqualTo(codec.parseJson(text));
    assertThat(JsStringifier.stringify(codec.parseJson("{\"a\":1.0,\"b\":[1e21,1.5e-7,0.000001,-0.0,123456789012345678901]}")))
        .isEqualTo("{\"a\":1,\"b\":[1e+21,1.5e-7,0.000001,0,123456789012345680000]}");
  }
}
