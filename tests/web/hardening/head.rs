//! Item 9: `HEAD` on every `GET` route answers as `GET` does, without a body (monitors and
//! link checkers use it). Before, every `HEAD` was 404, `/healthz` included.

use crate::access::policy::ROUTES;
use crate::access::subjects::{Principal, objects};
use crate::access::world;
use crate::both_backends;
use crate::common::{Backend, TestApp};
use reqwest::Method;

both_backends!(head_answers_like_get_on_every_route_without_a_body);

async fn head_answers_like_get_on_every_route_without_a_body(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let world = world::build(&app).await;
    let mut mismatches = Vec::new();
    let mut checked = 0;
    for route in ROUTES.iter().filter(|r| r.method == Method::GET) {
        for object in objects(route.path) {
            let path = world.fill(route.path, object);
            for who in [Principal::Anonymous, Principal::Admin] {
                let browser = world.browser(who);
                let head = browser
                    .client
                    .head(browser.url(&path))
                    .send()
                    .await
                    .unwrap();
                let (status, kind) = (head.status(), head.headers().get("content-type").cloned());
                let body = head.bytes().await.unwrap();
                let get = browser.get(&path).await;
                checked += 1;
                if status != get.status
                    || kind.as_ref().and_then(|k| k.to_str().ok()) != get.header("content-type")
                    || !body.is_empty()
                {
                    mismatches.push(format!(
                        "HEAD {path} as {who:?}: {status} {kind:?} ({} bytes), GET {} {:?}",
                        body.len(),
                        get.status,
                        get.header("content-type")
                    ));
                }
            }
        }
    }
    assert!(checked > 60, "{checked} requests");
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    let health = world
        .browser(Principal::Anonymous)
        .client
        .head(app.base.clone() + "/healthz");
    let res = health.send().await.unwrap();
    assert_eq!(res.status(), reqwest::StatusCode::OK);
}
