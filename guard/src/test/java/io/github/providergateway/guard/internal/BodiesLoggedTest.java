package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A whole request logged, said other ways (decision 296, the red team of decision 282), is asked
 * about; its id, its keys, a response's status and a filter's settings are not.
 */
class BodiesLoggedTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "app/pay.py|        resp = post(request)|        logger.info(\\n            \"charge %s\","
            + "\\n            json.dumps(request),\\n        )\\n        resp = post(request)",
        "app/shift4.rb|    r = @http.post(P, body: sale_req.to_json)|    Rails.logger.info(\"sale"
            + " #{sale_req.to_json}\")\\n    r = @http.post(P, body: sale_req.to_json)",
        "app/adyen.rb|    res = c.post(req)|    Rails.logger.debug(\"adyen"
            + " #{JSON.pretty_generate(req)}\")\\n    res = c.post(req)",
        "billing/charge.py|    g.charge(charge_request)|    logger.info(\"charge: %r\","
            + " charge_request)\\n    g.charge(charge_request)",
        "billing/api.py|    o = create(request)|    logger.debug(\"in: %s\","
            + " request.model_dump_json())\\n    o = create(request)",
        "Pay.java|        r = c.authorize(paymentRequest);|        log.info(\"authorize {}\","
            + " objectMapper.writeValueAsString(paymentRequest));\\n        r ="
            + " c.authorize(paymentRequest);",
        "Charge.cs|        var r = await g.ChargeAsync(request);|        Log.Information(\"Charge"
            + " {@Request}\", request);\\n        var r = await g.ChargeAsync(request);",
        "handler.go|\\tdecode(r)|\\tif d, e := httputil.DumpRequest(r, true); e == nil {"
            + " log.Printf(\"%s\", d) }\\n\\tdecode(r)",
        "Http.kt|    val c = OkHttpClient.Builder()|    val c = OkHttpClient.Builder()"
            + ".addInterceptor(HttpLoggingInterceptor().apply { level ="
            + " HttpLoggingInterceptor.Level.BODY })",
        "nginx/pay.conf|    access_log /var/log/p.log main;|    log_format full '$request"
            + " body=\"$request_body\"';\\n    access_log /var/log/p.log full;",
        "server/app.js|app.use(express.json());|app.use(express.json());\\nmorgan.token('body',"
            + " (req) => JSON.stringify(req.body));",
        "billing/charge.py|    g.charge(request)|    LOG.warning(\"attempt: %s\","
            + " json.dumps(request.__dict__))\\n    g.charge(request)"
      })
  void aRequestLoggedWholeIsAsked(String path, String old, String now) {
    assertThat(rule(path, old, now)).isEqualTo("safeguards.bodies-logged");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "app/shift4.rb|  def sale(req)|  def sale(req)\\n    logger.info(\"sale id=#{req.id}"
            + " fields=#{req.to_hash.keys.join(',')}\")",
        "billing/charge.py|    g.charge(request)|    logger.info(\"request id %s\","
            + " request_id)\\n    g.charge(request)",
        "billing/charge.py|    r = g.charge(request)|    r = g.charge(request)\\n    logger.info("
            + "\"status %s\", r.status_code)"
      })
  void itsIdItsKeysOrAStatusIsNot(String path, String old, String now) {
    assertThat(rule(path, old, now)).isNotEqualTo("safeguards.bodies-logged");
  }

  @org.junit.jupiter.api.Test
  void anInterceptorThatLogsWhatItIsGivenWholeIsAsked() {
    String old = "export const api = axios.create({ baseURL: PSP_URL });";
    String whole =
        old
            + "\\napi.interceptors.request.use((config) => {\\n  logger.info('psp outgoing',"
            + " config);\\n  return config;\\n});";
    String fields =
        old
            + "\\napi.interceptors.request.use((config) => {\\n  logger.info('psp outgoing',"
            + " config.method, config.url);\\n  return config;\\n});";
    assertThat(rule("src/api/client.ts", old, whole)).isEqualTo("safeguards.bodies-logged");
    assertThat(rule("src/api/client.ts", old, fields)).isNotEqualTo("safeguards.bodies-logged");
  }

  private static String rule(String path, String old, String now) {
    ObjectNode args =
        new ObjectMapper()
            .createObjectNode()
            .put("path", path)
            .put("old_string", old.replace("\\n", "\n").replace("\\t", "\t"))
            .put("new_string", now.replace("\\n", "\n").replace("\\t", "\t"));
    return StandardCalls.toolRule("edit", args);
  }
}
