import { chromium } from '@playwright/test'
const url = process.argv[2] ?? '/catalog'
const out = process.argv[3] ?? '/tmp/shots/a.png'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--use-angle=swiftshader','--enable-unsafe-swiftshader'] })
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
page.on('console', m => { if (m.type() === 'error' || m.type() === 'warning') console.log('console:', m.text()) })
page.on('pageerror', e => console.log('pageerror:', e.message))
const base = 'http://127.0.0.1:5180'
await page.goto(base + '/')
await page.getByLabel('E-mail').fill('analyst@swath.test')
await page.getByRole('textbox', { name: 'Password', exact: true }).fill('swath-demo')
await page.getByRole('button', { name: 'Sign in' }).click()
await page.getByRole('button', { name: /^Account:/ }).waitFor()
await page.goto(base + url)
await page.waitForTimeout(8000)
await page.screenshot({ path: out })
const marks = await page.evaluate(() => performance.getEntriesByType('mark').filter(m => m.name.startsWith('swath:')).map(m => [m.name, Math.round(m.startTime), JSON.stringify(m.detail)]))
console.log(JSON.stringify(marks))
await browser.close()
